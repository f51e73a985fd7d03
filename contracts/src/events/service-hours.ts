import { z } from 'zod';
import { CAUSES } from '../domain/constants';
import { sealedSchema } from './personal-data';

/**
 * Service hours a student logged for work done off the platform (docs/service-hours.md). Each log
 * has a stream of its own, `service-log-<logId>`: logged once, then decided once (approved or
 * rejected) by the host of its organization or an admin.
 */
export const toServiceLogStreamId = (logId: string) => `service-log-${logId}`;
/** The admins' scoring rules that are events (whether approved logged hours earn points). */
export const SCORING_RULES_STREAM_ID = 'scoring-rules';

/** What a log says about the work that is personal data: sealed under the student's key. */
export const serviceHoursPersonalSchema = z.object({
  description: z.string(),
  verifierName: z.string(),
  verifierEmail: z.string(),
  /** An uploaded image's URL (`/files/...`), or null. */
  photo: z.string().nullable(),
});
export type ServiceHoursPersonal = z.infer<typeof serviceHoursPersonalSchema>;

/** A verifier's reason, sealed under the student's key (it is about the student's work). */
export const serviceHoursReasonSchema = z.object({ reason: z.string().nullable() });

export const serviceHoursLoggedSchema = z.object({
  v: z.literal(1),
  logId: z.uuid(),
  userId: z.uuid(),
  /** An organization on the platform, or null for an outside one. */
  organizationId: z.uuid().nullable(),
  /** The outside organization's name when `organizationId` is null (not personal data). */
  outsideOrganization: z.string().nullable(),
  /** The Eastern date the service was done, YYYY-MM-DD. */
  date: z.string(),
  minutes: z.number().int(),
  cause: z.enum(CAUSES),
  /** Sealed ServiceHoursPersonal. */
  personal: sealedSchema,
  loggedAt: z.iso.datetime(),
});

/**
 * The host of the log's organization or an admin approved it. It repeats what the points and the
 * dashboard need (the student, date, minutes, organization), so no projection reads another's rows.
 */
export const serviceHoursApprovedSchema = z.object({
  v: z.literal(1),
  logId: z.uuid(),
  userId: z.uuid(),
  verifiedBy: z.uuid(),
  organizationId: z.uuid().nullable(),
  date: z.string(),
  minutes: z.number().int(),
  cause: z.enum(CAUSES),
  /** Sealed { reason } (optional on approval), under the student's key. */
  reason: sealedSchema,
  at: z.iso.datetime(),
});

export const serviceHoursRejectedSchema = z.object({
  v: z.literal(1),
  logId: z.uuid(),
  userId: z.uuid(),
  verifiedBy: z.uuid(),
  /** Sealed { reason } (required on rejection), under the student's key. */
  reason: sealedSchema,
  at: z.iso.datetime(),
});

/**
 * An admin turned the scoring rule on or off: whether approved logged hours earn leaderboard
 * points (their minutes, as attendance does). It applies to every approved log, earlier ones too.
 */
export const loggedHoursScoringChangedSchema = z.object({
  v: z.literal(1),
  earnPoints: z.boolean(),
  changedBy: z.uuid(),
  at: z.iso.datetime(),
});

export type ServiceHoursLogged = z.infer<typeof serviceHoursLoggedSchema>;
export type ServiceHoursApproved = z.infer<typeof serviceHoursApprovedSchema>;
export type ServiceHoursRejected = z.infer<typeof serviceHoursRejectedSchema>;
export type LoggedHoursScoringChanged = z.infer<typeof loggedHoursScoringChangedSchema>;
