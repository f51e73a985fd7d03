import { Router } from 'express';
import { routes, texts, toOpportunityStreamId } from '@campus/contracts';
import { NotFoundError, ServiceUnavailableError } from '@campus/infra';
import { idParam, mountQuery, type QueryDeps } from '../http/context';
import { opportunityHistory } from './history';
import { auditPointsHistory } from './points-history';

/**
 * Admins' audits: an opportunity's stream (read from the event store) and a user's point ledger
 * with the awards to look at twice flagged.
 */
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

  mountQuery(router, routes.getAuditPointsHistory, deps, async (req, res) => {
    const id = idParam(req);
    const history = id ? await auditPointsHistory(deps.pool, id) : null;
    if (!history) throw new NotFoundError(texts.notFound.user);
    res.json(history);
  });

  return router;
};
