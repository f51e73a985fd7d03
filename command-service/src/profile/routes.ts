import { Router } from 'express';
import { profileMessages, routes, updateProfileSchema } from '@campus/contracts';
import { parseOrThrow, requireCaller } from '@campus/infra';
import { ForbiddenError } from '../errors';
import { commandMetadata, mountRoute, type CommandDeps } from '../http/context';
import { acknowledge, pathId } from '../http/respond';
import { updateProfile } from './profile-commands';

/** A user's own profile (PUT /api/users/:id): only its owner edits it. */
export const profileRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(router, routes.updateProfile, deps, async (req, res) => {
    const caller = requireCaller(req);
    const userId = pathId(req, 'id');
    if (userId !== caller.userId) throw new ForbiddenError(profileMessages.onlyOwner);
    const changes = parseOrThrow(updateProfileSchema, req.body ?? {});
    const outcome = await updateProfile(
      deps,
      caller,
      userId,
      changes,
      commandMetadata(req, 'UpdateProfile', deps.clock),
    );
    acknowledge(res, outcome, userId);
  });

  return router;
};
