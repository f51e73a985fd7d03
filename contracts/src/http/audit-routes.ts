import { auditPointsHistorySchema, opportunityHistorySchema } from '../queries/audit';
import { route } from './route';

/**
 * Admins' audit reads: an opportunity's event history, and a user's point ledger with the awards
 * flagged for review.
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
};
