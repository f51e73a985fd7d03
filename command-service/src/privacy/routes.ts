import { Router, type Request } from 'express';
import { z } from 'zod';
import { routes, texts, type CommandAck } from '@campus/contracts';
import { NotFoundError } from '@campus/infra';
import {
  commandMetadata,
  mountRoute,
  sendConsistencyToken,
  type CommandDeps,
} from '../http/context';
import { eraseUser } from './erase-user';

/** The `:id` of a user route; anything but a uuid names nobody. */
const userIdOf = (req: Request): string => {
  const parsed = z.uuid().safeParse(req.params['id']);
  if (!parsed.success) throw new NotFoundError(texts.notFound.user);
  return parsed.data;
};

/** Personal data: an admin erasing a person (the route table says admins only). */
export const privacyRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(router, routes.eraseUser, deps, async (req, res) => {
    const userId = userIdOf(req);
    const outcomes = await eraseUser(deps, userId, commandMetadata(req, 'EraseUser', deps.clock));
    sendConsistencyToken(
      res,
      outcomes.map((o) => o.appended),
    );
    const ack: CommandAck = { success: true, id: userId };
    res.json(ack);
  });

  return router;
};
