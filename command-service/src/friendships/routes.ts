import { Router, type Request } from 'express';
import { friendRequestSchema, routes, texts } from '@campus/contracts';
import { parseOrThrow, requireCaller, type Caller } from '@campus/infra';
import { assertActingForSelfOrAdmin } from '../http/authorization';
import { commandMetadata, mountRoute, type CommandDeps } from '../http/context';
import { acknowledge, pathId } from '../http/respond';
import { answerFriendRequest, removeFriend, requestFriend } from './friendship-commands';
import { friendshipMessages } from './friendship-decider';

/**
 * `:id` names whom the caller acts for: themselves, or anyone when an admin (docs/product-rules.md);
 * anything that is not an id names nobody (404). Ids are lowercased (compared and ordered as text).
 */
const actingUser = (req: Request, caller: Caller): string => {
  assertActingForSelfOrAdmin(caller, pathId(req, 'id').toLowerCase());
  return pathId(req, 'id', texts.notFound.user).toLowerCase();
};

/** The friendships slice: one stream per pair of users. */
export const friendshipsRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(router, routes.requestFriend, deps, async (req, res) => {
    const caller = requireCaller(req);
    const requesterId = actingUser(req, caller);
    const { receiver_id: recipientId } = parseOrThrow(friendRequestSchema, req.body ?? {});
    const { friendshipId, outcome } = await requestFriend(
      deps,
      caller,
      requesterId,
      recipientId,
      commandMetadata(req, 'RequestFriend', deps.clock),
    );
    acknowledge(res, outcome, friendshipId);
  });

  const answer = (type: 'AcceptFriendRequest' | 'RejectFriendRequest') =>
    mountRoute(
      router,
      type === 'AcceptFriendRequest' ? routes.acceptFriendRequest : routes.rejectFriendRequest,
      deps,
      async (req, res) => {
        const { friendshipId, outcome } = await answerFriendRequest(
          deps,
          requireCaller(req),
          type,
          pathId(req, 'id').toLowerCase(),
          commandMetadata(req, type, deps.clock),
        );
        acknowledge(res, outcome, friendshipId);
      },
    );
  answer('AcceptFriendRequest');
  answer('RejectFriendRequest');

  mountRoute(router, routes.removeFriend, deps, async (req, res) => {
    const userId = actingUser(req, requireCaller(req));
    const friendId = pathId(req, 'friendId', friendshipMessages.nothingToRemove).toLowerCase();
    const { friendshipId, outcome } = await removeFriend(
      deps,
      userId,
      friendId,
      commandMetadata(req, 'RemoveFriend', deps.clock),
    );
    acknowledge(res, outcome, friendshipId);
  });

  return router;
};
