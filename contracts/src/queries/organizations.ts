import { z } from 'zod';
import { ORGANIZATION_TYPES } from '../domain/constants';

/** An organization as the API answers it (spec section 3). */
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
