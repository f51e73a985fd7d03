import { Router } from 'express';
import { routes } from '@campus/contracts';
import { NotFoundError, ServiceUnavailableError, withRedisDeadline } from '@campus/infra';
import { PROJECTION_NAMES, readProjectionStatus, replayStatus } from '@campus/read-model';
import { mountQuery, type QueryDeps } from '../http/context';

/**
 * The admin operations page: each projection's lag and dead letters (read from the read model's
 * checkpoints and the Postgres event store's log), and the state of a replay job.
 */
export const operationsQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();

  mountQuery(router, routes.getProjections, deps, async (_req, res) => {
    res.json(await readProjectionStatus(deps.pool, PROJECTION_NAMES));
  });

  mountQuery(router, routes.getReplay, deps, async (req, res) => {
    if (!deps.jobs) throw new ServiceUnavailableError('The job queues are not configured');
    const status = await withRedisDeadline(null, replayStatus(deps.jobs, String(req.params['id'])));
    if (!status) throw new NotFoundError('Replay not found');
    res.json(status);
  });

  return router;
};
