import { Router } from 'express';
import { routes, startScoringPreviewSchema } from '@campus/contracts';
import { parseOrThrow, requireCaller, withRedisDeadline } from '@campus/infra';
import { enqueueScoringPreview } from '@campus/read-model';
import { ServiceUnavailableError } from '../errors';
import { mountRoute, type CommandDeps } from '../http/context';

/**
 * Admins start a scoring preview: a BullMQ job the projection worker runs (a replay into the
 * shadow schema with the draft bonus and thresholds, compared with the live model, then dropped).
 * Nothing is appended and nothing live changes; the answer names the job to watch.
 */
export const scoringCommandRouter = (deps: CommandDeps): Router => {
  const router = Router();
  mountRoute(router, routes.startScoringPreview, deps, async (req, res) => {
    const caller = requireCaller(req);
    const body = parseOrThrow(startScoringPreviewSchema, req.body ?? {});
    if (!deps.jobs) throw new ServiceUnavailableError('The job queues are not configured');
    res
      .status(202)
      .json(
        await withRedisDeadline(
          null,
          enqueueScoringPreview(deps.jobs, deps.store, body, caller.userId),
        ),
      );
  });
  return router;
};
