import { Router, type Request, type Response } from 'express';
import {
  friendRequestSchema,
  friendshipIdOf,
  routes,
  texts,
  toFriendshipStreamId,
  usersOfFriendshipId,
  type CommandAck,
  type EventMetadata,
} from '@campus/contracts';
import {
  NotFoundError,
  parseOrThrow,
  requireCaller,
  ValidationError,
  type Caller,
} from '@campus/infra';
import { z } from 'zod';
import { handleCommand } from '../decider/decider';
import { assertActingForSelfOrAdmin, assertRegisteredUser } from '../http/authorization';
import {
  commandMetadata,
  mountRoute,
  sendConsistencyToken,
  type CommandDeps,
} from '../http/context';

import {
  friendshipDecider,
  friendshipMessages,
  type FriendshipCommand,
} from './friendship-decider';

const uuid = z.uuid();

/** A path parameter, lowercased (ids are compared and ordered as text). */
const paramOf = (req: Request, name: string): string => {
  const value = req.params[name];
  return typeof value === 'string' ? value.toLowerCase() : '';
};

/** A path's user id; anything that is not an id names nobody (404). */
const userIdParam = (id: string, notFound: string): string => {
  if (!uuid.safeParse(id).success) throw new NotFoundError(notFound);
  return id;
};

/** `:id` names whom the caller acts for: themselves, or anyone when an admin (docs/product-rules.md). */
const actingUser = (caller: Caller, id: string): string => {
  assertActingForSelfOrAdmin(caller, id);
  return userIdParam(id, texts.notFound.user);
};

/** The friendships slice: one stream per pair of users. */
export const friendshipsRouter = (deps: CommandDeps): Router => {
  const router = Router();

  const assertRegistered = (userId: string) => assertRegisteredUser(deps.store, userId);

  const run = async (
    req: Request,
    res: Response,
    friendshipId: string,
    commandName: string,
    command: (metadata: EventMetadata) => FriendshipCommand,
  ) => {
    const metadata = commandMetadata(req, commandName, deps.clock);
    const outcome = await handleCommand({
      store: deps.store,
      streamId: toFriendshipStreamId(friendshipId),
      decider: friendshipDecider,
      command: command(metadata),
      metadata,
    });
    sendConsistencyToken(res, [outcome.appended]);
    const ack: CommandAck = { success: true, id: friendshipId };
    res.json(ack);
  };

  mountRoute(router, routes.requestFriend, deps, async (req, res) => {
    const caller = requireCaller(req);
    const requesterId = actingUser(caller, paramOf(req, 'id'));
    const { receiver_id: recipientId } = parseOrThrow(friendRequestSchema, req.body ?? {});
    if (recipientId === requesterId) throw new ValidationError(friendshipMessages.selfRequest);
    await assertRegistered(recipientId);
    if (requesterId !== caller.userId) await assertRegistered(requesterId);
    await run(req, res, friendshipIdOf(requesterId, recipientId), 'RequestFriend', (m) => ({
      type: 'RequestFriend',
      requesterId,
      recipientId,
      at: m.occurredAt,
    }));
  });

  const answer =
    (type: 'AcceptFriendRequest' | 'RejectFriendRequest') =>
    async (req: Request, res: Response) => {
      const caller = requireCaller(req);
      const friendshipId = paramOf(req, 'id');
      if (!usersOfFriendshipId(friendshipId))
        throw new NotFoundError(friendshipMessages.noPendingRequest);
      await run(req, res, friendshipId, type, (m) => ({
        type,
        userId: caller.userId,
        at: m.occurredAt,
      }));
    };
  mountRoute(router, routes.acceptFriendRequest, deps, answer('AcceptFriendRequest'));
  mountRoute(router, routes.rejectFriendRequest, deps, answer('RejectFriendRequest'));

  mountRoute(router, routes.removeFriend, deps, async (req, res) => {
    const userId = actingUser(requireCaller(req), paramOf(req, 'id'));
    const friendId = userIdParam(paramOf(req, 'friendId'), friendshipMessages.nothingToRemove);
    if (friendId === userId) throw new NotFoundError(friendshipMessages.nothingToRemove);
    await run(req, res, friendshipIdOf(userId, friendId), 'RemoveFriend', (m) => ({
      type: 'RemoveFriend',
      userId,
      friendId,
      at: m.occurredAt,
    }));
  });

  return router;
};
