import { Router } from 'express';
import { routes, type AdminSummary } from '@campus/contracts';
import { mountQuery, type QueryDeps } from '../http/context';

/** The Admin Panel's summary cards. */
export const adminQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();

  mountQuery(router, routes.getAdminSummary, deps, async (_req, res) => {
    const { rows } = await deps.pool.query<AdminSummary>(
      `SELECT (SELECT count(*) FROM read.users)::integer AS total_users,
              (SELECT count(*) FROM read.opportunities
                WHERE approved AND NOT deleted)::integer AS approved_opportunities,
              (SELECT count(*) FROM read.organizations
                WHERE approved AND NOT deleted)::integer AS approved_organizations`,
    );
    res.json(rows[0]);
  });

  return router;
};
