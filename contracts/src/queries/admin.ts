import { z } from 'zod';

/** GET /api/admin/summary: the Admin Panel's summary cards. */
export const adminSummarySchema = z.object({
  total_users: z.number().int(),
  approved_opportunities: z.number().int(),
  approved_organizations: z.number().int(),
});
export type AdminSummary = z.infer<typeof adminSummarySchema>;

/**
 * GET /api/admin/service-hours: attended minutes as hours, per month of the opportunity's date and
 * per type of its host organization (null: hosted by no organization), months ascending.
 */
export const serviceHoursSchema = z.object({
  rows: z.array(
    z.object({
      /** 'YYYY-MM' (Eastern, the opportunity's date). */
      month: z.string(),
      organization_type: z.string().nullable(),
      hours: z.number(),
    }),
  ),
});
export type ServiceHours = z.infer<typeof serviceHoursSchema>;
