import { Router } from 'express';
import { routes, texts, toOpportunityStreamId } from '@campus/contracts';
import { NotFoundError, ServiceUnavailableError } from '@campus/infra';
import { idParam, mountQuery, type QueryDeps } from '../http/context';
import { opportunityHistory } from './history';

/** Admins' audit of an opportunity: its stream, read from the event store. */
export const auditQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();

  mountQuery(router, routes.getOpportunityHistory, deps, async (req, res) => {
    const id = idParam(req);
    if (!id) throw new NotFoundError(texts.notFound.opportunity);
    if (!deps.store) throw new ServiceUnavailableError('The event store is not configured');
    const stream = await deps.store.readStream(toOpportunityStreamId(id));
    if (stream.length === 0) throw new NotFoundError(texts.notFound.opportunity);
    res.json(await opportunityHistory(deps.pool, id, stream));
  });

  return router;
};
