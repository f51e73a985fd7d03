import { bulkApproveSchema } from '../commands/admin';
import { adminSummarySchema, serviceHoursSchema } from '../queries/admin';
import { bulkApproveResponseSchema } from '../queries/commands';
import { route } from './route';

/** The Admin Panel: approving what waits for approval, the summary cards and the service hours chart. */
export const adminRoutes = {
  bulkApprove: route({
    method: 'POST',
    path: '/api/approvals',
    auth: 'admin',
    body: bulkApproveSchema,
    response: bulkApproveResponseSchema,
  }),
  getAdminSummary: route({
    method: 'GET',
    path: '/api/admin/summary',
    auth: 'admin',
    response: adminSummarySchema,
  }),
  getServiceHours: route({
    method: 'GET',
    path: '/api/admin/service-hours',
    auth: 'admin',
    response: serviceHoursSchema,
  }),
};
