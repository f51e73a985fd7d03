import { z } from 'zod';

/** GET /api/admin/summary: the Admin Panel's summary cards. */
export const adminSummarySchema = z.object({
  total_users: z.number().int(),
  approved_opportunities: z.number().int(),
  approved_organizations: z.number().int(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;
