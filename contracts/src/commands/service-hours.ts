import { z } from 'zod';
import { ATTENDANCE_DURATION_MAX, CAUSES } from '../domain/constants';
import { TEXT_LIMITS } from '../domain/limits';
import { isValidDate } from '../domain/time';
import { idSchema, imageUrlText, multiLineText, requiredText, singleLineText } from './common';

/** Longest description of logged service, and longest verifier's reason. */
export const SERVICE_LOG_DESCRIPTION_MAX = 2_000;
export const SERVICE_LOG_REASON_MAX = 500;
/** How far back a log may date (docs/service-hours.md): a year, counted in days. */
export const SERVICE_LOG_MAX_AGE_DAYS = 365;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * POST /api/hours: service done off the platform. Either an organization on the platform
 * (`organization_id`) or an outside one by name (`outside_organization`), never both. The date
 * may not be in the future nor more than a year back (checked with the clock by the command).
 */
export const logServiceHoursSchema = z
  .object({
    organization_id: idSchema('Organization').nullish(),
    outside_organization: singleLineText('Organization name', TEXT_LIMITS.organizationName)
      .nullish()
      .transform((s) => (s ? s : null)),
    date: z
      .string({ error: 'Date is required' })
      .trim()
      .max(TEXT_LIMITS.dateText, 'Date must be a date (YYYY-MM-DD)')
      .refine(isValidDate, 'Date must be a date (YYYY-MM-DD)'),
    minutes: z
      .number({ error: 'Minutes must be a whole number' })
      .int('Minutes must be a whole number')
      .min(1, 'Minutes must be at least 1')
      .max(ATTENDANCE_DURATION_MAX, 'Minutes must be at most 24 hours and 59 minutes'),
    cause: z.enum(CAUSES, { error: 'Choose a cause from the list' }),
    description: requiredText('Description', SERVICE_LOG_DESCRIPTION_MAX, { multiLine: true }),
    verifier_name: requiredText('Verifier name', TEXT_LIMITS.fullName),
    verifier_email: requiredText('Verifier email', TEXT_LIMITS.email).refine(
      (s) => EMAIL.test(s),
      'Verifier email must be a valid email address',
    ),
    photo: imageUrlText('Photo')
      .nullish()
      .transform((s) => (s ? s : null)),
  })
  .strict()
  .superRefine((d, ctx) => {
    const inside = d.organization_id != null;
    const outside = d.outside_organization !== null;
    if (inside === outside) {
      ctx.addIssue({
        code: 'custom',
        path: ['organization_id'],
        message: 'Choose an organization on the platform or name an outside one (not both)',
      });
    }
  });
export type LogServiceHours = z.infer<typeof logServiceHoursSchema>;

/** POST /api/hours/:id/decision: approve (reason optional) or reject (reason required). */
export const decideServiceHoursSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'Decision must be approve or reject' }),
    reason: multiLineText('Reason', SERVICE_LOG_REASON_MAX)
      .nullish()
      .transform((s) => (s ? s : null)),
  })
  .strict()
  .refine((d) => d.decision === 'approve' || d.reason !== null, {
    message: 'Give a reason for rejecting',
    path: ['reason'],
  });
export type DecideServiceHours = z.infer<typeof decideServiceHoursSchema>;

/** PUT /api/scoring/logged-hours (admins): whether approved logged hours earn points. */
export const setLoggedHoursScoringSchema = z
  .object({ earn_points: z.boolean({ error: 'earn_points must be true or false' }) })
  .strict();
export type SetLoggedHoursScoring = z.infer<typeof setLoggedHoursScoringSchema>;
