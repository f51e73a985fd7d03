import { impactCsvQuerySchema, impactDashboardSchema, impactQuerySchema } from '../queries/impact';
import { route } from './route';

/**
 * The impact dashboard (docs/impact.md): admins see every organization or one, a host only an
 * organization they host (the handler's rule). Its tables are also report jobs (POST /api/reports,
 * kind `impact`, under the same rule), which the dashboard's CSV buttons run with their progress.
 */
export const impactRoutes = {
  getImpact: route({
    method: 'GET',
    path: '/api/impact',
    auth: 'user',
    query: impactQuerySchema,
    response: impactDashboardSchema,
  }),
  /** One table of the dashboard as a CSV attachment at once, under the same rules (for scripts). */
  impactCsv: route({
    method: 'GET',
    path: '/api/impact/csv',
    auth: 'user',
    query: impactCsvQuerySchema,
    download: 'text/csv',
  }),
};
