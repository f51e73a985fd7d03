import { Router } from 'express';
import { easternToday, routes, type ImpactQuery, impactTexts } from '@campus/contracts';
import {
  ForbiddenError,
  NotFoundError,
  requireCaller,
  ValidationError,
  type Caller,
} from '@campus/infra';
import {
  impactDashboard,
  reportFileName,
  streamReport,
  type ImpactScope,
  type ReportRequest,
} from '@campus/read-model';
import { mountQuery, queryOf, type QueryDeps } from '../http/context';

/**
 * Whose service a caller may count (docs/impact.md): an admin every organization's or one's; anyone
 * else only an organization they host now (deleted ones not), named. Unknown organizations are a
 * 404 for admins and a 403 for others, who learn nothing of organizations they do not host.
 */
const organizationOf = async (
  deps: QueryDeps,
  caller: Caller,
  organizationId: string | undefined,
): Promise<string | null> => {
  if (organizationId === undefined) {
    if (caller.admin) return null;
    throw new ForbiddenError(impactTexts.errors.notHost);
  }
  const { rows } = await deps.pool.query<{ host_user_id: string; deleted: boolean }>(
    `SELECT host_user_id::text, deleted FROM read.organizations WHERE id = $1::uuid`,
    [organizationId],
  );
  const organization = rows[0];
  if (caller.admin) {
    if (!organization) throw new NotFoundError(impactTexts.errors.organizationNotFound);
    return organizationId;
  }
  if (!organization || organization.deleted || organization.host_user_id !== caller.userId) {
    throw new ForbiddenError(impactTexts.errors.notHost);
  }
  return organizationId;
};

/**
 * The range and day a query counts: `to` defaults to `as_of`, else today (Eastern, the clock's);
 * `from` to the launch date, or `to` when that is earlier.
 */
const scopeOf = async (
  deps: QueryDeps,
  caller: Caller,
  query: ImpactQuery,
): Promise<ImpactScope> => {
  const to = query.to ?? query.as_of ?? easternToday(deps.clock.now());
  const launch = deps.config.LAUNCH_DATE;
  const from = query.from ?? (launch <= to ? launch : to);
  if (from > to) {
    throw new ValidationError(impactTexts.errors.fromAfterTo, [
      { field: 'from', message: impactTexts.errors.fromAfterTo },
    ]);
  }
  const organizationId = await organizationOf(deps, caller, query.organization_id);
  return { from, to, asOf: query.as_of ?? null, organizationId };
};

/** The impact dashboard and its tables as CSV, under the same rules (docs/impact.md). */
export const impactQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();

  mountQuery(router, routes.getImpact, deps, async (req, res) => {
    const query = queryOf(routes.getImpact, req);
    const scope = await scopeOf(deps, requireCaller(req), query);
    res.json(await impactDashboard(deps.pool, scope));
  });

  // The same code as the report jobs' files: a host's CSV without the Admin Panel's jobs.
  mountQuery(router, routes.impactCsv, deps, async (req, res) => {
    const { table, ...query } = queryOf(routes.impactCsv, req);
    const scope = await scopeOf(deps, requireCaller(req), query);
    const request: ReportRequest = { kind: 'impact', table, ...scope };
    res.type('text/csv').attachment(reportFileName(request));
    await streamReport(deps.pool, request, res);
  });

  return router;
};
