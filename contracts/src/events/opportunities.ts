import { z } from 'zod';
import { CAUSES } from '../domain/constants';

export const toOpportunityStreamId = (opportunityId: string) => `opportunity-${opportunityId}`;

const cause = z.enum(CAUSES);

/** The editable facts of an opportunity. `date`/`time` are Eastern local; `startsAt` is their UTC instant. */
const opportunityDetailsSchema = z.object({
  name: z.string(),
  description: z.string(),
  nonprofit: z.string().nullable(),
  address: z.string().nullable(),
  date: z.string(),
  time: z.string(),
  startsAt: z.iso.datetime(),
  durationMinutes: z.number().int().min(1),
  totalSlots: z.number().int().min(1),
  causes: z.array(cause),
  tags: z.array(z.string()),
  qualifications: z.array(z.string()),
  /** Organization ids; empty means everyone. */
  visibility: z.array(z.string()),
  redirectUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type OpportunityDetails = z.infer<typeof opportunityDetailsSchema>;

export const opportunityCreatedSchema = opportunityDetailsSchema.extend({
  v: z.literal(1),
  opportunityId: z.uuid(),
  hostUserId: z.uuid(),
  hostOrgId: z.uuid().nullable(),
  approved: z.boolean(),
  createdAt: z.iso.datetime(),
});
export const opportunityUpdatedSchema = z.object({
  v: z.literal(1),
  opportunityId: z.uuid(),
  changes: opportunityDetailsSchema.partial(),
});
export const opportunityApprovalChangedSchema = z.object({
  v: z.literal(1),
  opportunityId: z.uuid(),
});
export const opportunityDeletedSchema = z.object({ v: z.literal(1), opportunityId: z.uuid() });

export const announcementPostedSchema = z.object({
  v: z.literal(1),
  opportunityId: z.uuid(),
  announcementId: z.uuid(),
  text: z.string(),
  postedBy: z.uuid(),
  postedAt: z.iso.datetime(),
});
export const announcementRemovedSchema = z.object({
  v: z.literal(1),
  opportunityId: z.uuid(),
  announcementId: z.uuid(),
});

export const userSignedUpSchema = z.object({
  v: z.literal(1),
  opportunityId: z.uuid(),
  userId: z.uuid(),
  /** Who did it: the user, or an admin registering them. */
  byUserId: z.uuid(),
  at: z.iso.datetime(),
});
export const userUnregisteredSchema = z.object({
  v: z.literal(1),
  opportunityId: z.uuid(),
  userId: z.uuid(),
  byUserId: z.uuid(),
  at: z.iso.datetime(),
  /** True when it happened inside the 7-hour window (allowed only for hosts and admins). */
  late: z.boolean(),
});

/**
 * Attendance, submitted once. Each attended user earns `durationMinutes` points; the earliest
 * signup still registered, if attended, also earns the first-signup bonus (its own ledger line).
 */
export const attendanceMarkedSchema = z.object({
  v: z.literal(1),
  opportunityId: z.uuid(),
  markedBy: z.uuid(),
  durationMinutes: z.number().int().min(1),
  attendedUserIds: z.array(z.uuid()),
  absentUserIds: z.array(z.uuid()),
  firstSignupBonus: z.object({ userId: z.uuid(), points: z.number().int() }).nullable(),
  /** The opportunity's Eastern date: the month the points count in. */
  opportunityDate: z.string(),
  at: z.iso.datetime(),
});

export type OpportunityCreated = z.infer<typeof opportunityCreatedSchema>;
export type OpportunityUpdated = z.infer<typeof opportunityUpdatedSchema>;
export type AnnouncementPosted = z.infer<typeof announcementPostedSchema>;
export type UserSignedUp = z.infer<typeof userSignedUpSchema>;
export type UserUnregistered = z.infer<typeof userUnregisteredSchema>;
export type AttendanceMarked = z.infer<typeof attendanceMarkedSchema>;
