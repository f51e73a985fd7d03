import { Router } from 'express';
import { routes, type AdminSummary, type ServiceHours } from '@campus/contracts';
import { mountQuery, type QueryDeps } from '../http/context';

/** The Admin Panel's summary cards and its chart of service hours. */
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

  // Service time is attendance only: the first-signup bonus is points, not hours (ADR 0008).
  mountQuery(router, routes.getServiceHours, deps, async (_req, res) => {
    const { rows } = await deps.pool.query<ServiceHours['rows'][number]>(
      `SELECT l.month, org.type AS organization_type,
              round(sum(l.points) / 60.0, 2)::float8 AS hours
         FROM read.point_ledger l
         LEFT JOIN read.opportunities o ON o.id = l.opportunity_id
         LEFT JOIN read.organizations org ON org.id = o.host_org_id
        WHERE l.reason = 'attendance'
        GROUP BY l.month, org.type
        ORDER BY l.month, org.type NULLS LAST`,
    );
    const body: ServiceHours = { rows };
    res.json(body);
  });

  return router;
};
