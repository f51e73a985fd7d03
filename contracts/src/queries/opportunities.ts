import { z } from 'zod';
import { CAUSES } from '../domain/constants';

export const involvedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Only for the host, admins and the user themselves (rules.md). */
  email: z.string().optional(),
  phone: z.string().optional(),
  profile_image: z.string().nullable(),
  organizationIds: z.array(z.string()),
  registered: z.boolean(),
  attended: z.boolean(),
});
export type InvolvedUser = z.infer<typeof involvedUserSchema>;

/** An opportunity as the API answers it (spec section 3). `date`/`time` are Eastern local. */
export const opportunitySchema = z.object({
  id: z.string(),
  name: z.string(),
  nonprofit: z.string().nullable(),
  description: z.string(),
  date: z.string(),
  time: z.string(),
  /** The start instant in UTC (ISO 8601). */
  starts_at: z.string(),
  duration: z.number().int(),
  address: z.string().nullable(),
  points: z.number().int(),
  total_slots: z.number().int(),
  imageUrl: z.string().nullable(),
  causes: z.array(z.enum(CAUSES)),
  tags: z.array(z.string()),
  isPrivate: z.boolean(),
  qualifications: z.array(z.string()),
  comments: z.array(z.string()),
  redirect_url: z.string().nullable(),
  host_id: z.string(),
  host_user_id: z.string(),
  host_org_id: z.string().nullable(),
  host_org_name: z.string().nullable(),
  approved: z.boolean(),
  attendance_marked: z.boolean(),
  visibility: z.array(z.string()),
  involved_users: z.array(involvedUserSchema),
});
export type Opportunity = z.infer<typeof opportunitySchema>;
