import { z } from 'zod';
import { dateParam } from './params';

/**
 * The impact dashboard (docs/impact.md): service minutes and unique volunteers per month, cause,
 * organization and academic level, returning volunteers, the no-show rate and the top
 * opportunities, over a date range, as of a past date if asked, for every organization or one.
 */

/** No figure about fewer people than this is shown apart (docs/impact.md, k-anonymity). */
export const IMPACT_MIN_GROUP = 5;

/** How many opportunities the top list holds at most. */
export const IMPACT_TOP_OPPORTUNITIES = 10;
/**
 * Report files a non-admin may have built in any hour (six tables, each a few times): each request
 * of another range or day is a new file on disk.
 */
export const IMPACT_REPORTS_PER_HOUR = 30;

/** The dashboard's tables, each of which downloads as a CSV. */
export const IMPACT_TABLES = [
  'summary',
  'months',
  'causes',
  'organizations',
  'academic-levels',
  'opportunities',
] as const;
export const impactTableSchema = z.enum(IMPACT_TABLES, {
  error: `Must be one of ${IMPACT_TABLES.join(', ')}`,
});
export type ImpactTable = z.infer<typeof impactTableSchema>;

/** An organization's id in a query string. */
const organizationIdParam = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Must be an id')
  .transform((id) => id.toLowerCase());

const impactFilterFields = {
  /** The first Eastern date of service counted. Defaults to the launch date (or `to`, if earlier). */
  from: dateParam.optional(),
  /** The last Eastern date of service counted. Defaults to `as_of`, else today. */
  to: dateParam.optional(),
  /** The dashboard as it stood at the end of this Eastern day (what was recorded by then). */
  as_of: dateParam.optional(),
  /** One organization (required unless the caller is an admin; a host's own only). */
  organization_id: organizationIdParam.optional(),
};

/** Refuses unknown parameters, each named as a field of its own, and a `to` before its `from`. */
const strictRange = <S extends z.ZodRawShape>(shape: S) =>
  z
    .strictObject(shape, {
      error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown parameter' : undefined),
    })
    .refine((p: { from?: string; to?: string }) => !p.from || !p.to || p.from <= p.to, {
      path: ['to'],
      message: 'Must not be before from',
    });

/** GET /api/impact */
export const impactQuerySchema = strictRange(impactFilterFields);
export type ImpactQuery = z.infer<typeof impactQuerySchema>;

/**
 * GET /api/impact/csv: one table of the dashboard as CSV. The range is required (the dashboard's
 * answer names the one it resolved), so the file says exactly what it holds.
 */
export const impactCsvQuerySchema = strictRange({
  ...impactFilterFields,
  table: impactTableSchema,
  from: dateParam,
  to: dateParam,
});
export type ImpactCsvQuery = z.infer<typeof impactCsvQuerySchema>;

/**
 * What a row counts: `group` one month, cause, organization or academic level (`key`); `none` the
 * service of no platform organization, or of people whose academic level is not known (`key`
 * null); `small_groups` the groups of fewer than IMPACT_MIN_GROUP people merged into one (with the
 * smallest others when needed, so that it holds at least IMPACT_MIN_GROUP people; `key` null).
 */
export const IMPACT_ROW_KINDS = ['group', 'none', 'small_groups'] as const;
export type ImpactRowKind = (typeof IMPACT_ROW_KINDS)[number];

export const impactRowSchema = z.object({
  /** 'YYYY-MM', a cause, an organization's id or an academic level; null on other kinds. */
  key: z.string().nullable(),
  /** The row's name as the dashboard shows it (impactTexts). */
  label: z.string(),
  kind: z.enum(IMPACT_ROW_KINDS),
  minutes: z.number().int(),
  /** Distinct people who served in the row's group. */
  volunteers: z.number().int(),
});
export type ImpactRow = z.infer<typeof impactRowSchema>;

export const impactBreakdownSchema = z.object({
  rows: z.array(impactRowSchema),
  /**
   * True when some service is in no row: its groups together came to fewer than IMPACT_MIN_GROUP
   * people, so even merged they are not shown.
   */
  hidden: z.boolean(),
});
export type ImpactBreakdown = z.infer<typeof impactBreakdownSchema>;

export const impactOpportunitySchema = z.object({
  /** 1 for the most minutes. */
  rank: z.number().int(),
  id: z.string(),
  name: z.string(),
  /** The hosting organization's name, null when it had none. */
  organization_name: z.string().nullable(),
  /** The opportunity's Eastern date. */
  date: z.string(),
  minutes: z.number().int(),
  volunteers: z.number().int(),
});
export type ImpactOpportunity = z.infer<typeof impactOpportunitySchema>;

/** GET /api/impact. A figure about fewer than IMPACT_MIN_GROUP people is null. */
export const impactDashboardSchema = z.object({
  /** The range counted, both ends included (resolved from the defaults). */
  from: z.string(),
  to: z.string(),
  /** The Eastern day asked for with `as_of`, or null for now. */
  as_of: z.string().nullable(),
  /** The instant the figures stand at: the end of `as_of` in Eastern time (ISO 8601 UTC), or null. */
  as_of_instant: z.string().nullable(),
  /** The organization asked for, or null for all of them. */
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  min_group_size: z.number().int(),
  totals: z.object({
    /** Attended minutes plus approved logged minutes. */
    minutes: z.number().int().nullable(),
    volunteers: z.number().int().nullable(),
    /** Volunteers who served at least twice in the range (two attendances, logs, or one of each). */
    returning_volunteers: z.number().int().nullable(),
  }),
  no_show: z.object({
    /** Attendances (opportunities) marked whose date is in the range. */
    attendances: z.number().int(),
    /** Registrations at those attendances: people registered when it was marked. */
    registered: z.number().int().nullable(),
    /** Registrations whose person was not marked present. */
    no_shows: z.number().int().nullable(),
    /** no_shows / registered, from 0 to 1; null when hidden or when nobody was registered. */
    rate: z.number().nullable(),
  }),
  months: impactBreakdownSchema,
  causes: impactBreakdownSchema,
  organizations: impactBreakdownSchema,
  academic_levels: impactBreakdownSchema,
  /** Opportunities with at least IMPACT_MIN_GROUP volunteers, most minutes first. */
  top_opportunities: z.object({ rows: z.array(impactOpportunitySchema) }),
});
export type ImpactDashboard = z.infer<typeof impactDashboardSchema>;
