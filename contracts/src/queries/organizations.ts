import { z } from 'zod';
import { ORGANIZATION_TYPES } from '../domain/constants';

/** An organization as the API answers it. */
export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  description: z.string(),
  approved: z.boolean(),
  host_user_id: z.string(),
  member_count: z.number().int(),
  date_created: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

/** GET /api/orgs/approved and /api/orgs/unapproved: with the creator's name and the caller's membership. */
const organizationListItemSchema = organizationSchema.extend({
  host_user_name: z.string(),
  /** Whether the caller is a member (Join / Leave). */
  is_member: z.boolean(),
});
export type OrganizationListItem = z.infer<typeof organizationListItemSchema>;
export const organizationListSchema = z.array(organizationListItemSchema);

/** GET /api/orgs/{id}: the organization detail screen. */
export const organizationDetailSchema = organizationListItemSchema.extend({
  /** Sum of the current members' all-time points (docs/product-rules.md). */
  total_points: z.number().int(),
  /** Sum of the current members' points in the current monthly window. */
  monthly_points: z.number().int(),
  /** The current monthly board, 'YYYY-MM'. */
  month: z.string(),
  /** All-time rank among approved organizations of the same type (999 when not on the board). */
  rank: z.number().int(),
  /** The same for the current month. */
  monthly_rank: z.number().int(),
  /** Sorted by name. */
  members: z.array(
    z.object({ id: z.string(), name: z.string(), profile_image: z.string().nullable() }),
  ),
});
export type OrganizationDetail = z.infer<typeof organizationDetailSchema>;
