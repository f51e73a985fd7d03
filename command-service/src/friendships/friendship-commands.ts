import {
  friendshipIdOf,
  toFriendshipStreamId,
  usersOfFriendshipId,
  type EventMetadata,
} from '@campus/contracts';
import type { Caller } from '@campus/infra';
import { handleCommand, type CommandOutcome } from '../decider/decider';
import { NotFoundError, ValidationError } from '../errors';
import { assertRegisteredUser } from '../http/authorization';
import type { CommandDeps } from '../http/context';
import {
  friendshipDecider,
  friendshipMessages,
  type FriendshipCommand,
} from './friendship-decider';

type Deps = Pick<CommandDeps, 'store'>;

/** A decision on the pair's stream; the answer names the pair's friendship id. */
type FriendshipOutcome = { readonly friendshipId: string; readonly outcome: CommandOutcome };

const runOnFriendship = async (
  deps: Deps,
  friendshipId: string,
  command: FriendshipCommand,
  metadata: EventMetadata,
): Promise<FriendshipOutcome> => ({
  friendshipId,
  outcome: await handleCommand({
    store: deps.store,
    streamId: toFriendshipStreamId(friendshipId),
    decider: friendshipDecider,
    command,
    metadata,
  }),
});

/**
 * POST /api/users/:id/friends: `requesterId` asks `recipientId`; both must be registered users
 * (the caller is). A crossing request accepts the pending one.
 */
export const requestFriend = async (
  deps: Deps,
  caller: Caller,
  requesterId: string,
  recipientId: string,
  metadata: EventMetadata,
): Promise<FriendshipOutcome> => {
  if (recipientId === requesterId) throw new ValidationError(friendshipMessages.selfRequest);
  await assertRegisteredUser(deps.store, recipientId);
  if (requesterId !== caller.userId) await assertRegisteredUser(deps.store, requesterId);
  return runOnFriendship(
    deps,
    friendshipIdOf(requesterId, recipientId),
    { type: 'RequestFriend', requesterId, recipientId, at: metadata.occurredAt },
    metadata,
  );
};

/** POST /api/friendships/:id/accept and /reject: only the recipient answers a pending request. */
export const answerFriendRequest = (
  deps: Deps,
  caller: Caller,
  type: 'AcceptFriendRequest' | 'RejectFriendRequest',
  friendshipId: string,
  metadata: EventMetadata,
): Promise<FriendshipOutcome> => {
  if (!usersOfFriendshipId(friendshipId))
    return Promise.reject(new NotFoundError(friendshipMessages.noPendingRequest));
  return runOnFriendship(
    deps,
    friendshipId,
    { type, userId: caller.userId, at: metadata.occurredAt },
    metadata,
  );
};

/** DELETE /api/users/:id/friends/:friendId: either friend ends it, the requester withdraws it. */
export const removeFriend = (
  deps: Deps,
  userId: string,
  friendId: string,
  metadata: EventMetadata,
): Promise<FriendshipOutcome> => {
  if (friendId === userId)
    return Promise.reject(new NotFoundError(friendshipMessages.nothingToRemove));
  return runOnFriendship(
    deps,
    friendshipIdOf(userId, friendId),
    { type: 'RemoveFriend', userId, friendId, at: metadata.occurredAt },
    metadata,
  );
};
