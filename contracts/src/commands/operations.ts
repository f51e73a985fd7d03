import { z } from 'zod';
import { TEXT_LIMITS } from '../domain/limits';
import { isValidDate } from '../domain/time';
import { impactTableSchema } from '../queries/impact';

/** Bodies of the operators' and admins' commands: replays and report exports. */

const dateField = z
  .string()
  .trim()
  .max(TEXT_LIMITS.dateText, 'Must be a date (YYYY-MM-DD)')
  .refine(isValidDate, 'Must be a date (YYYY-MM-DD)');

const rangeFields = { start_date: dateField, end_date: dateField };

/** The end of a range may not come before its start. */
const orderedRange = {
  check: (r: { start_date: string; end_date: string }) => r.start_date <= r.end_date,
  params: { message: 'Must not be before start_date', path: ['end_date'] },
};

/** POST /api/service-data/org/: the service data CSV of a date range, both ends included. */
export const serviceDataRangeSchema = z
  .object(rangeFields)
  .refine(orderedRange.check, orderedRange.params);

export type ReportKind = 'users' | 'opportunities' | 'service-data' | 'impact';

/**
 * One table of the impact dashboard (docs/impact.md): its range, both ends included, and as the
 * dashboard takes them, the day it stood at and one organization.
 */
const impactReportSchema = z
  .object({
    kind: z.literal('impact'),
    table: impactTableSchema,
    from: dateField,
    to: dateField,
    as_of: dateField.nullish().transform((v) => v ?? null),
    organization_id: z
      .uuid({ error: 'Must be an id' })
      .nullish()
      .transform((v) => v?.toLowerCase() ?? null),
  })
  .refine((r) => r.from <= r.to, { message: 'Must not be before from', path: ['to'] });

/**
 * POST /api/reports: enqueue a report job (users.csv, opportunities.csv, service data, or a table
 * of the impact dashboard).
 */
export const requestReportSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('users') }),
  z.object({ kind: z.literal('opportunities') }),
  z
    .object({ kind: z.literal('service-data'), ...rangeFields })
    .refine(orderedRange.check, orderedRange.params),
  impactReportSchema,
]);
export type RequestReport = z.infer<typeof requestReportSchema>;
export type RequestReportBody = z.input<typeof requestReportSchema>;

/** POST /api/operations/replays: rebuild one projection (with those sharing its tables) or all. */
export const startReplaySchema = z.object({
  projection: z
    .string()
    .trim()
    .regex(/^[a-z][a-z-]{0,40}$/, 'Must be a projection name or all'),
});
