import { z } from 'zod';
import { CAUSES } from '../domain/constants';
import { booleanParam, dateParam, integerParam, searchTextParam } from './params';

const involvedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Only for those who may see them (docs/product-rules.md, who sees what): absent otherwise. */
  email: z.string().optional(),
  phone: z.string().optional(),
  profile_image: z.string().nullable(),
  organizationIds: z.array(z.string()),
  registered: z.boolean(),
  attended: z.boolean(),
});
export type InvolvedUser = z.infer<typeof involvedUserSchema>;

/** An opportunity as the API answers it. `date`/`time` are Eastern local. */
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

/** The most opportunities one page of GET /api/opps holds. */
const OPPORTUNITY_PAGE_MAX = 100;

/** The response header that carries the cursor of the next page, when there is one. */
export const NEXT_CURSOR_HEADER = 'X-Next-Cursor';

const CURSOR =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** A page position on the list's order (start, then id): the page after `item`. */
type OpportunityCursor = { readonly startsAt: string; readonly id: string };

/** The cursor of the page that follows `item` ('<starts_at>_<id>'). */
export const opportunityCursorOf = (item: { starts_at: string; id: string }): string =>
  `${item.starts_at}_${item.id}`;

const cursorParam = z
  .string()
  .trim()
  .transform((text, ctx): OpportunityCursor => {
    const match = CURSOR.exec(text);
    const at = match?.[1] ? new Date(match[1]) : null;
    // Round trip: Date.parse rolls an impossible day (02-30) over, which Postgres refuses.
    if (
      !match?.[1] ||
      !match[2] ||
      !at ||
      Number.isNaN(at.getTime()) ||
      at.toISOString() !== match[1]
    ) {
      ctx.addIssue({ code: 'custom', message: 'Must be a cursor from a previous page' });
      return z.NEVER;
    }
    return { startsAt: match[1], id: match[2].toLowerCase() };
  });

/** The Events list's filters, shared by GET /api/opps and its count. */
const opportunityFilterFields = {
  /** Case-insensitive text in the name, description or nonprofit. */
  q: searchTextParam.optional(),
  cause: z.enum(CAUSES, { error: 'Unknown cause' }).optional(),
  /** Eastern dates, both included. */
  from: dateParam.optional(),
  to: dateParam.optional(),
  /** true: only opportunities with a slot left. */
  open_slots: booleanParam.optional(),
};

/** `schema` refusing a `to` before its `from` (the error names `to`). */
const withDateRange = <S extends z.ZodType<{ from?: string; to?: string }>>(schema: S): S =>
  schema.refine((p) => !p.from || !p.to || p.from <= p.to, {
    path: ['to'],
    message: 'Must not be before from',
  });

/**
 * GET /api/opps filters and paging (all optional). Without `limit` every match is answered
 * (the original unpaged call); `view=cards` leaves out `involved_users` (ADR 0014).
 */
export const opportunitiesQuerySchema = withDateRange(
  z.object({
    ...opportunityFilterFields,
    /** At most this many opportunities; the next page's cursor is in the X-Next-Cursor header. */
    limit: integerParam(1, OPPORTUNITY_PAGE_MAX).optional(),
    /** The opportunities after this cursor (a previous page's X-Next-Cursor). */
    after: cursorParam.optional(),
    /** 'full' (the default): the whole opportunity; 'cards': without involved_users. */
    view: z.enum(['full', 'cards'], { error: 'Must be full or cards' }).optional(),
  }),
);

/**
 * GET /api/opps/count: the same filters as GET /api/opps, without paging. Strict: any other
 * parameter (paging included) is refused, each named as a field of its own.
 */
export const opportunityFiltersSchema = withDateRange(
  z.strictObject(opportunityFilterFields, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown parameter' : undefined),
  }),
);
export type OpportunityFiltersQuery = z.infer<typeof opportunityFiltersSchema>;

/** GET /api/opps/count: how many opportunities GET /api/opps answers for the filters, all pages. */
export const opportunityCountSchema = z.object({ count: z.number().int().nonnegative() });
export type OpportunityCount = z.infer<typeof opportunityCountSchema>;

const attendeeSchema = z.object({
  id: z.string(),
  name: z.string(),
  profile_image: z.string().nullable(),
});

/** An opportunity on a list or card: the opportunity's fields plus what the cards show. */
const opportunityListItemSchema = opportunitySchema.extend({
  host_user_name: z.string(),
  /** Registered participants (the host takes no slot). */
  registered_count: z.number().int(),
  slots_left: z.number().int(),
  /** The first registered participants by signup time, at most 10 (card avatars). */
  attendee_preview: z.array(attendeeSchema),
  /** All registered participants. */
  attendee_count: z.number().int(),
  /** The '+N' after the avatars: attendee_count minus the preview. */
  attendee_more: z.number().int(),
  /** Organizations with at least 2 registered participants, most first, at most 3. */
  top_organizations: z.array(
    z.object({ id: z.string(), name: z.string(), attendee_count: z.number().int() }),
  ),
  /** The caller's relation to it. */
  is_host: z.boolean(),
  is_registered: z.boolean(),
});
export type OpportunityListItem = z.infer<typeof opportunityListItemSchema>;
export const opportunityListSchema = z.array(opportunityListItemSchema);

/** An Events card (GET /api/opps?view=cards): a list item without its participants' list. */
export const opportunityCardItemSchema = opportunityListItemSchema.omit({ involved_users: true });
export type OpportunityCardItem = z.infer<typeof opportunityCardItemSchema>;

/** GET /api/opps: full list items, or cards with `view=cards`. */
export const opportunityListOrCardsSchema = z.union([
  opportunityListSchema,
  z.array(opportunityCardItemSchema),
]);

/**
 * The points the caller's attendance of this opportunity credited, as the point ledger holds them
 * (the minutes the host submitted, not the first-signup bonus): null unless attendance is marked
 * and the caller attended. It can differ from `points`, the scheduled duration's worth.
 */
const earnedPointsField = z.number().int().nullable();

/** GET /api/opps/{id}/full: the detail screen. `comments` are the announcement texts, newest first. */
export const opportunityDetailSchema = opportunityListItemSchema.extend({
  announcements: z.array(z.object({ id: z.string(), text: z.string(), posted_at: z.string() })),
  /**
   * Contact Host card: the email for every viewer, the phone for registered participants (and
   * anyone else who may see the host's contact fields); absent otherwise or when the host has none.
   */
  host: z.object({
    id: z.string(),
    name: z.string(),
    profile_image: z.string().nullable(),
    email: z.string().optional(),
    phone: z.string().optional(),
  }),
  /** The caller's attendance once marked (null before, or when not registered). */
  attended: z.boolean().nullable(),
  earned_points: earnedPointsField,
});
export type OpportunityDetail = z.infer<typeof opportunityDetailSchema>;

/** GET /api/opps/{id}/attendance (host and admins): registered participants and their attendance. */
export const attendanceListSchema = z.array(
  z.object({
    user_id: z.string(),
    name: z.string(),
    profile_image: z.string().nullable(),
    /** False until attendance is marked. */
    attended: z.boolean(),
  }),
);

/** GET /api/opps/{id}/is-full */
export const isFullSchema = z.object({ is_full: z.boolean(), slots_left: z.number().int() });

/** An opportunity on My Opportunities: a list item with what its attendance earned the caller. */
const myOpportunityItemSchema = opportunityListItemSchema.extend({
  earned_points: earnedPointsField,
});
export type MyOpportunityItem = z.infer<typeof myOpportunityItemSchema>;

const splitSchema = z.object({
  /** Today or later (Eastern), soonest first. */
  upcoming: z.array(myOpportunityItemSchema),
  /** Before today (Eastern), latest first. */
  past: z.array(myOpportunityItemSchema),
});

/** GET /api/my-opportunities. */
export const myOpportunitiesSchema = z.object({
  hosting: splitSchema,
  /** Registered for and not hosting. */
  registered: splitSchema,
  /** Admins only: every opportunity not deleted, approved or not; null for others. */
  all: splitSchema.nullable(),
});
export type MyOpportunities = z.infer<typeof myOpportunitiesSchema>;
