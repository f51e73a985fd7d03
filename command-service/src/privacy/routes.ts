import { Router } from 'express';
import { routes, texts } from '@campus/contracts';
import { commandMetadata, mountRoute, type CommandDeps } from '../http/context';
import { acknowledge, pathId } from '../http/respond';
import { eraseUser } from './erasure-commands';

/** Personal data: an admin erasing a person (the route table says admins only). */
export const privacyRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(router, routes.eraseUser, deps, async (req, res) => {
    // Anything but a uuid names nobody.
    const userId = pathId(req, 'id', texts.notFound.user);
    const outcomes = await eraseUser(deps, userId, commandMetadata(req, 'EraseUser', deps.clock));
    acknowledge(res, outcomes, userId);
  });

  return router;
};
