import { serviceHoursSchema } from '../queries/admin';
import { auditPointsHistorySchema, opportunityHistorySchema } from '../queries/audit';
import type { RouteDefinition } from './routes';

const route = <const R extends RouteDefinition>(r: R): R => r;

/**
 * Admins' audit reads (spread into `routes`): an opportunity's event history and the service hours
 * behind the Admin Panel's chart, and a user's point ledger with the awards flagged for review.
 */
export const auditRoutes = {
  getOpportunityHistory: route({
    method: 'GET',
    path: '/api/admin/opportunities/:id/history',
    auth: 'admin',
    response: opportunityHistorySchema,
  }),
  getAuditPointsHistory: route({
    method: 'GET',
    path: '/api/admin/users/:id/points-history',
    auth: 'admin',
    response: auditPointsHistorySchema,
  }),
  getServiceHours: route({
    method: 'GET',
    path: '/api/admin/service-hours',
    auth: 'admin',
    response: serviceHoursSchema,
  }),
} as const satisfies Record<string, RouteDefinition>;
