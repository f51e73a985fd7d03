import { z } from 'zod';

/** Where a log stands: waiting for its verifier, or decided once. */
export const SERVICE_LOG_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const serviceLogStatusSchema = z.enum(SERVICE_LOG_STATUSES);
export type ServiceLogStatus = z.infer<typeof serviceLogStatusSchema>;

/** One log as its student and its verifiers see it. Personal fields are null once erased. */
export const serviceLogSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  /** The student's name (the verifier's queue shows who logged it). */
  user_name: z.string(),
  organization_id: z.string().nullable(),
  /** The platform organization's name, or the outside one's. */
  organization_name: z.string(),
  /** True when the organization is not on the platform (only admins verify those). */
  outside: z.boolean(),
  date: z.string(),
  minutes: z.number().int(),
  cause: z.string(),
  description: z.string().nullable(),
  verifier_name: z.string().nullable(),
  verifier_email: z.string().nullable(),
  photo: z.string().nullable(),
  status: serviceLogStatusSchema,
  logged_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by_id: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ServiceLog = z.infer<typeof serviceLogSchema>;

/** GET /api/hours/mine: the caller's logs, newest first, with their totals in minutes. */
export const myServiceLogsSchema = z.object({
  approved_minutes: z.number().int(),
  pending_minutes: z.number().int(),
  logs: z.array(serviceLogSchema),
});
export type MyServiceLogs = z.infer<typeof myServiceLogsSchema>;

/**
 * GET /api/hours/pending: the logs waiting for the caller's decision, oldest first: an admin's
 * are every pending log, a host's those of the organizations they host. Never the caller's own.
 */
export const pendingServiceLogsSchema = z.object({ logs: z.array(serviceLogSchema) });
export type PendingServiceLogs = z.infer<typeof pendingServiceLogsSchema>;

/** GET /api/scoring/logged-hours: the rule as the read model knows it. */
export const loggedHoursScoringSchema = z.object({ earn_points: z.boolean() });
export type LoggedHoursScoring = z.infer<typeof loggedHoursScoringSchema>;
