import { friendshipIdOf, type EventOf } from '@campus/contracts';
import { eventTypes, type Decider } from '../decider/decider';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';

export type FriendshipEvent = EventOf<
  'FriendRequested' | 'FriendRequestAccepted' | 'FriendRequestRejected' | 'FriendRemoved'
>;

export const friendshipMessages = {
  selfRequest: 'You cannot send a friend request to yourself.',
  alreadySent: 'Friend request already sent.',
  alreadyFriends: 'You are already friends.',
  noPendingRequest: 'Could not find friendship to accept/reject',
  onlyRecipient: 'Only the recipient of a friend request can answer it.',
  nothingToRemove: 'Could not find friendship to remove',
} as const;

/** One pair of users (stream `friendship-<smaller id>_<larger id>`); `none` again after a release. */
type FriendshipState =
  | { readonly status: 'none' }
  | {
      readonly status: 'pending' | 'friends';
      readonly requesterId: string;
      readonly recipientId: string;
    };

/** `at` is the command's time from the clock (metadata.occurredAt). */
export type FriendshipCommand =
  | {
      readonly type: 'RequestFriend';
      readonly requesterId: string;
      readonly recipientId: string;
      readonly at: string;
    }
  | { readonly type: 'AcceptFriendRequest'; readonly userId: string; readonly at: string }
  | { readonly type: 'RejectFriendRequest'; readonly userId: string; readonly at: string }
  | {
      readonly type: 'RemoveFriend';
      readonly userId: string;
      readonly friendId: string;
      readonly at: string;
    };

const pairOf = (requesterId: string, recipientId: string) => ({
  v: 1 as const,
  friendshipId: friendshipIdOf(requesterId, recipientId),
  requesterId,
  recipientId,
});

const answerPending = (
  state: FriendshipState,
  userId: string,
): { requesterId: string; recipientId: string } => {
  if (state.status !== 'pending') throw new NotFoundError(friendshipMessages.noPendingRequest);
  if (state.recipientId !== userId) throw new ForbiddenError(friendshipMessages.onlyRecipient);
  return state;
};

export const friendshipDecider: Decider<FriendshipState, FriendshipCommand, FriendshipEvent> = {
  eventTypes: eventTypes<FriendshipEvent>({
    FriendRequested: true,
    FriendRequestAccepted: true,
    FriendRequestRejected: true,
    FriendRemoved: true,
  }),
  initialState: () => ({ status: 'none' }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'FriendRequested':
        return {
          status: 'pending',
          requesterId: event.data.requesterId,
          recipientId: event.data.recipientId,
        };
      case 'FriendRequestAccepted':
        return {
          status: 'friends',
          requesterId: event.data.requesterId,
          recipientId: event.data.recipientId,
        };
      case 'FriendRequestRejected':
      case 'FriendRemoved':
        return { status: 'none' };
      default:
        return state;
    }
  },
  decide: (command, state): FriendshipEvent[] => {
    switch (command.type) {
      case 'RequestFriend': {
        const { requesterId, recipientId, at } = command;
        if (requesterId === recipientId) throw new ValidationError(friendshipMessages.selfRequest);
        if (state.status === 'friends') throw new ConflictError(friendshipMessages.alreadyFriends);
        if (state.status === 'pending') {
          if (state.requesterId === requesterId)
            throw new ConflictError(friendshipMessages.alreadySent);
          // A request to someone who already asked you is your yes to theirs.
          return [
            {
              type: 'FriendRequestAccepted',
              data: { ...pairOf(state.requesterId, state.recipientId), at },
            },
          ];
        }
        return [{ type: 'FriendRequested', data: { ...pairOf(requesterId, recipientId), at } }];
      }
      case 'AcceptFriendRequest': {
        const pending = answerPending(state, command.userId);
        return [
          {
            type: 'FriendRequestAccepted',
            data: { ...pairOf(pending.requesterId, pending.recipientId), at: command.at },
          },
        ];
      }
      case 'RejectFriendRequest': {
        const pending = answerPending(state, command.userId);
        return [
          {
            type: 'FriendRequestRejected',
            data: { ...pairOf(pending.requesterId, pending.recipientId), at: command.at },
          },
        ];
      }
      case 'RemoveFriend': {
        const { userId, friendId, at } = command;
        const mayRemove =
          state.status === 'friends' ||
          // A pending request can be withdrawn by its sender; its recipient rejects it instead.
          (state.status === 'pending' && state.requesterId === userId);
        const involved =
          state.status !== 'none' &&
          [state.requesterId, state.recipientId].includes(userId) &&
          [state.requesterId, state.recipientId].includes(friendId);
        if (state.status === 'none' || !mayRemove || !involved)
          throw new NotFoundError(friendshipMessages.nothingToRemove);
        return [
          {
            type: 'FriendRemoved',
            data: { ...pairOf(state.requesterId, state.recipientId), removedBy: userId, at },
          },
        ];
      }
      default: {
        const unknown: never = command;
        throw new Error(`Unknown friendship command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
