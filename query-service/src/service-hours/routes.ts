import { Router } from 'express';
import {
  routes,
  type LoggedHoursScoring,
  type MyServiceLogs,
  type PendingServiceLogs,
} from '@campus/contracts';
import { requireCaller } from '@campus/infra';
import { mountQuery, type QueryDeps } from '../http/context';
import { loadLoggedHoursScoring, loadMyServiceLogs, loadPendingServiceLogs } from './queries';

/**
 * Service hours logged off the platform (docs/service-hours.md): the student's own logs, the
 * queue of logs waiting for the caller's decision, and the admins' scoring rule.
 */
export const serviceHoursQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();
  const { pool } = deps;

  mountQuery(router, routes.getMyServiceLogs, deps, async (req, res) => {
    const caller = requireCaller(req);
    const body: MyServiceLogs = await loadMyServiceLogs(pool, caller.userId);
    res.json(body);
  });

  // Admins: every pending log; anyone else: those of the organizations they host (maybe none).
  mountQuery(router, routes.getPendingServiceLogs, deps, async (req, res) => {
    const caller = requireCaller(req);
    const body: PendingServiceLogs = { logs: await loadPendingServiceLogs(pool, caller) };
    res.json(body);
  });

  mountQuery(router, routes.getLoggedHoursScoring, deps, async (_req, res) => {
    const body: LoggedHoursScoring = { earn_points: await loadLoggedHoursScoring(pool) };
    res.json(body);
  });

  return router;
};
