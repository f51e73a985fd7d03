import { Router } from 'express';
import { routes } from '@campus/contracts';
import { NotFoundError, ServiceUnavailableError, withRedisDeadline } from '@campus/infra';
import { scoringPreviewStatus } from '@campus/read-model';
import { mountQuery, type QueryDeps } from '../http/context';

/** Admins watch a scoring preview job: its progress, then the users who would change. */
export const scoringQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();
  mountQuery(router, routes.getScoringPreview, deps, async (req, res) => {
    if (!deps.jobs) throw new ServiceUnavailableError('The job queues are not configured');
    const status = await withRedisDeadline(
      null,
      scoringPreviewStatus(deps.jobs, String(req.params['id']), deps.pool),
    );
    if (!status) throw new NotFoundError('Scoring preview not found');
    res.json(status);
  });
  return router;
};
