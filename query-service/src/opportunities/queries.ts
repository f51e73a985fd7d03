import {
  CARD_AVATAR_LIMIT,
  slotsLeft,
  TOP_ORGANIZATIONS_LIMIT,
  TOP_ORGANIZATIONS_MIN_ATTENDEES,
  type Cause,
  type InvolvedUser,
  type OpportunityFiltersQuery,
  type OpportunityListItem,
} from '@campus/contracts';
import type { Caller, Pool } from '@campus/infra';
import {
  loadPersonRelations,
  personVisibility,
  projectPerson,
  type RelationsOf,
} from '../shared/person-visibility';
import {
  containsPattern,
  prepared,
  userImageSql,
  userNameSql,
  visibleToCallerSql,
} from '../shared/sql';

export type OpportunityRow = {
  id: string;
  name: string;
  description: string;
  nonprofit: string | null;
  address: string | null;
  date: string;
  time: string;
  starts_at: Date;
  duration_minutes: number;
  total_slots: number;
  causes: Cause[];
  tags: string[];
  qualifications: string[];
  visibility: string[];
  redirect_url: string | null;
  image_url: string | null;
  host_user_id: string;
  host_user_name: string | null;
  /** The host's own row (the detail's Contact Host card); null when the user is unknown. */
  host_profile_image: string | null;
  host_email: string | null;
  host_phone: string | null;
  host_org_id: string | null;
  host_org_name: string | null;
  approved: boolean;
  attendance_marked: boolean;
  is_host: boolean;
};

/**
 * Opportunities where `where` holds, seen by `caller`: $1 (caller id) and $2 (caller is admin)
 * are always bound, so `where` may use `visibleSql`; the rest of `params` are $3 on.
 */
export const selectOpportunities = async (
  pool: Pool,
  caller: Caller,
  where: string,
  order: string,
  params: readonly unknown[] = [],
): Promise<OpportunityRow[]> => {
  const { rows } = await pool.query<OpportunityRow>(
    prepared(
      `SELECT ${OPPORTUNITY_COLUMNS}
       FROM ${OPPORTUNITY_FROM}
      -- $2 is typed here for the conditions that do not use it.
      WHERE $2::boolean IS NOT NULL AND (${where})
      ORDER BY ${order}`,
      [caller.userId, caller.admin, ...params],
    ),
  );
  return rows;
};

/** The columns of an `OpportunityRow` over `OPPORTUNITY_FROM`, for the caller bound as $1. */
const OPPORTUNITY_COLUMNS = `o.id::text, o.name, o.description, o.nonprofit, o.address,
            to_char(o.date, 'YYYY-MM-DD') AS date, o.time, o.starts_at, o.duration_minutes,
            o.total_slots, o.causes, o.tags, o.qualifications, o.visibility, o.redirect_url,
            o.image_url, o.host_user_id::text, o.host_org_id::text, ho.name AS host_org_name,
            CASE WHEN hu.id IS NULL THEN NULL ELSE ${userNameSql('hu')} END AS host_user_name,
            ${userImageSql('hu')} AS host_profile_image, hu.email AS host_email,
            hu.phone AS host_phone,
            o.approved, o.attendance_marked, o.host_user_id = $1::uuid AS is_host`;

const OPPORTUNITY_FROM = `read.opportunities o
       LEFT JOIN read.organizations ho ON ho.id = o.host_org_id
       LEFT JOIN read.users hu ON hu.id = o.host_user_id`;

/** The visibility rule of docs/product-rules.md for the caller bound as $1/$2. */
export const visibleSql = visibleToCallerSql('o', '$1', '$2');

/** Not deleted, and approved unless the caller is an admin or its host. */
export const readableSql = `NOT o.deleted AND (o.approved OR $2::boolean OR o.host_user_id = $1::uuid)
  AND ${visibleSql}`;

/**
 * The Events list's opportunities: approved, not deleted, dated today or later (Eastern), visible
 * to the caller, and matching the filters, bound as `eventsListParams` gives them ($3 to $8). The
 * list's pages and its count both read this one condition (over opportunities_listed_idx).
 */
export const eventsListSql = `o.approved AND NOT o.deleted AND o.date >= $3::date AND ${visibleSql}
  AND ($4::text IS NULL OR o.name ILIKE $4 OR o.description ILIKE $4
       OR coalesce(o.nonprofit, '') ILIKE $4)
  AND ($5::text IS NULL OR $5 = ANY(o.causes))
  AND ($6::date IS NULL OR o.date >= $6::date)
  AND ($7::date IS NULL OR o.date <= $7::date)
  AND (NOT $8::boolean OR o.registered_count < o.total_slots)`;

/** The parameters of `eventsListSql` from $3: today's Eastern date and the filters. */
export const eventsListParams = (today: string, filters: OpportunityFiltersQuery): unknown[] => [
  today,
  filters.q ? containsPattern(filters.q) : null,
  filters.cause ?? null,
  filters.from ?? null,
  filters.to ?? null,
  filters.open_slots ?? false,
];

/** How many opportunities `where` holds for, seen by `caller` (bound as `selectOpportunities`). */
export const countOpportunities = async (
  pool: Pool,
  caller: Caller,
  where: string,
  params: readonly unknown[] = [],
): Promise<number> => {
  const { rows } = await pool.query<{ count: number }>(
    prepared(
      `SELECT count(*)::integer AS count FROM read.opportunities o
      WHERE $2::boolean IS NOT NULL AND (${where})`,
      [caller.userId, caller.admin, ...params],
    ),
  );
  return rows[0]?.count ?? 0;
};

/**
 * The points the point ledger credited `userId` for attending each of `ids` (attendance lines
 * only, not the first-signup bonus), by opportunity id: one statement over the user's lines
 * (point_ledger_user_idx). An opportunity without such a line is absent.
 */
export const loadEarnedPoints = async (
  pool: Pool,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, number>> => {
  if (!ids.length) return new Map();
  const { rows } = await pool.query<{ opportunity_id: string; points: number }>(
    prepared(
      `SELECT opportunity_id::text, sum(points)::integer AS points FROM read.point_ledger
      WHERE user_id = $1::uuid AND opportunity_id = ANY($2::uuid[]) AND reason = 'attendance'
      GROUP BY opportunity_id`,
      [userId, ids],
    ),
  );
  return new Map(rows.map((r) => [r.opportunity_id, r.points]));
};

/**
 * What the caller's attendance earned: null unless they attended (attendance marked); their
 * ledger's attendance points otherwise (0 when the host submitted no minutes).
 */
export const earnedPointsOf = (
  attended: boolean | null | undefined,
  earned: number | undefined,
): number | null => (attended === true ? (earned ?? 0) : null);

type MembershipRow = { id: string; name: string; listed: boolean };

type ParticipantRow = {
  opportunity_id: string;
  user_id: string;
  name: string;
  profile_image: string | null;
  email: string | null;
  phone: string | null;
  attended: boolean | null;
  /** The participant's organizations that are not deleted, by id (listed: approved). */
  memberships: MembershipRow[];
};

/** A participant's fields (`ParticipantRow`) over `PARTICIPANTS_FROM`, each as [name, SQL]. */
const PARTICIPANT_FIELDS: readonly (readonly [keyof ParticipantRow, string])[] = [
  ['opportunity_id', 's.opportunity_id::text'],
  ['user_id', 's.user_id::text'],
  ['name', userNameSql('u')],
  ['profile_image', userImageSql('u')],
  ['email', 'u.email'],
  ['phone', 'u.phone'],
  ['attended', 's.attended'],
  [
    'memberships',
    `COALESCE((
              SELECT json_agg(json_build_object('id', o.id::text, 'name', o.name,
                                                'listed', o.approved) ORDER BY o.id)
                FROM read.memberships m
                JOIN read.organizations o ON o.id = m.organization_id AND NOT o.deleted
               WHERE m.user_id = s.user_id), '[]'::json)`,
  ],
];
const PARTICIPANTS_FROM = 'read.signups s JOIN read.users u ON u.id = s.user_id';
/** Registered participants come by signup time: the first ones are the avatars. */
const PARTICIPANTS_ORDER = 's.signed_up_at, s.user_id';

/**
 * Registered participants per opportunity, by signup time (the first ones are the avatars), each
 * with their organizations: one statement.
 */
export const loadParticipants = async (pool: Pool, ids: readonly string[]) => {
  const { rows } = await pool.query<ParticipantRow>(
    prepared(
      `SELECT ${PARTICIPANT_FIELDS.map(([name, sql]) => `${sql} AS ${name}`).join(', ')}
       FROM ${PARTICIPANTS_FROM}
      WHERE s.opportunity_id = ANY($1::uuid[]) AND s.registered
      ORDER BY ${PARTICIPANTS_ORDER}`,
      [ids],
    ),
  );
  const byOpportunity = new Map<string, ParticipantRow[]>();
  for (const r of rows) {
    const list = byOpportunity.get(r.opportunity_id);
    if (list) list.push(r);
    else byOpportunity.set(r.opportunity_id, [r]);
  }
  return byOpportunity;
};

type AnnouncementItem = { id: string; text: string; posted_at: string };

const ANNOUNCEMENTS_WHERE = 'NOT a.removed';
const ANNOUNCEMENTS_ORDER = 'a.posted_at DESC, a.id';

const loadAnnouncements = async (pool: Pool, ids: readonly string[]) => {
  const { rows } = await pool.query<{
    opportunity_id: string;
    id: string;
    text: string;
    posted_at: Date;
  }>(
    prepared(
      `SELECT a.opportunity_id::text, a.id::text, a.text, a.posted_at FROM read.announcements a
      WHERE a.opportunity_id = ANY($1::uuid[]) AND ${ANNOUNCEMENTS_WHERE}
      ORDER BY ${ANNOUNCEMENTS_ORDER}`,
      [ids],
    ),
  );
  const byOpportunity = new Map<string, AnnouncementItem[]>();
  for (const r of rows) {
    const item = { id: r.id, text: r.text, posted_at: r.posted_at.toISOString() };
    const list = byOpportunity.get(r.opportunity_id);
    if (list) list.push(item);
    else byOpportunity.set(r.opportunity_id, [item]);
  }
  return byOpportunity;
};

/**
 * One opportunity as `caller` may read it (`readableSql`), with its registered participants and
 * its announcements, in one statement: a detail is one round trip to Postgres, not three (each
 * statement costs the query service a socket write and read, which under load cost more than
 * building the lists as JSON in Postgres). Null when it does not exist or is hidden from them.
 */
export const loadOpportunityDetail = async (
  pool: Pool,
  caller: Caller,
  id: string,
): Promise<{
  row: OpportunityRow;
  participants: ParticipantRow[];
  announcements: AnnouncementItem[];
} | null> => {
  const { rows } = await pool.query<
    OpportunityRow & {
      participants: ParticipantRow[];
      announcements: (Omit<AnnouncementItem, 'posted_at'> & { posted_at: string })[];
    }
  >(
    prepared(
      `SELECT ${OPPORTUNITY_COLUMNS},
            COALESCE((SELECT json_agg(json_build_object(${PARTICIPANT_FIELDS.map(([name, sql]) => `'${name}', ${sql}`).join(', ')})
                              ORDER BY ${PARTICIPANTS_ORDER})
                        FROM ${PARTICIPANTS_FROM}
                       WHERE s.opportunity_id = o.id AND s.registered), '[]'::json) AS participants,
            COALESCE((SELECT json_agg(json_build_object('id', a.id::text, 'text', a.text,
                                                        'posted_at', a.posted_at)
                              ORDER BY ${ANNOUNCEMENTS_ORDER})
                        FROM read.announcements a
                       WHERE a.opportunity_id = o.id AND ${ANNOUNCEMENTS_WHERE}), '[]'::json)
              AS announcements
       FROM ${OPPORTUNITY_FROM}
      WHERE $2::boolean IS NOT NULL AND o.id = $3::uuid AND ${readableSql}`,
      [caller.userId, caller.admin, id],
    ),
  );
  const found = rows[0];
  if (!found) return null;
  const { participants, announcements, ...row } = found;
  return {
    row,
    participants,
    // JSON carries the timestamp as Postgres writes it; the answer speaks ISO 8601 in UTC.
    announcements: announcements.map((a) => ({
      ...a,
      posted_at: new Date(a.posted_at).toISOString(),
    })),
  };
};

/** Approved organizations with at least 2 registered participants, most first, at most 3. */
const topOrganizations = (
  participants: readonly ParticipantRow[],
): OpportunityListItem['top_organizations'] => {
  const counts = new Map<string, { id: string; name: string; attendee_count: number }>();
  for (const p of participants) {
    for (const m of p.memberships) {
      if (!m.listed) continue;
      const entry = counts.get(m.id) ?? { id: m.id, name: m.name, attendee_count: 0 };
      entry.attendee_count++;
      counts.set(m.id, entry);
    }
  }
  return [...counts.values()]
    .filter((c) => c.attendee_count >= TOP_ORGANIZATIONS_MIN_ATTENDEES)
    .sort((a, b) => b.attendee_count - a.attendee_count || a.name.localeCompare(b.name))
    .slice(0, TOP_ORGANIZATIONS_LIMIT);
};

export type Enriched = {
  readonly items: OpportunityListItem[];
  readonly participants: Map<string, ParticipantRow[]>;
  readonly announcements: Map<string, AnnouncementItem[]>;
  /** The viewer's relation to each participant and host. */
  readonly relationTo: RelationsOf;
};

/**
 * The participants, announcements and the viewer's relations to the people of `ids`: three
 * statements side by side. `withContacts` false (cards, no participants' list) skips the relations.
 */
export const loadEnrichment = async (
  pool: Pool,
  viewer: Caller,
  ids: readonly string[],
  withContacts = true,
): Promise<Omit<Enriched, 'items'>> => {
  const [participants, announcements, relationTo] = await Promise.all([
    ids.length ? loadParticipants(pool, ids) : new Map<string, ParticipantRow[]>(),
    ids.length ? loadAnnouncements(pool, ids) : new Map<string, AnnouncementItem[]>(),
    loadPersonRelations(pool, withContacts ? viewer : null, { opportunityIds: ids }),
  ]);
  return { participants, announcements, relationTo };
};

/**
 * The list items of `rows` for `viewer`: participants (each as the viewer may see them),
 * avatars, top organizations, announcements. Three statements side by side for any number of
 * opportunities.
 */
export const enrichOpportunities = async (
  pool: Pool,
  viewer: Caller,
  rows: readonly OpportunityRow[],
  /** The statements' answers when already asked for (the detail asks beside the row). */
  loading: Promise<Omit<Enriched, 'items'>> = loadEnrichment(
    pool,
    viewer,
    rows.map((r) => r.id),
  ),
): Promise<Enriched> => {
  const { participants, announcements, relationTo } = await loading;
  const items = rows.map((row): OpportunityListItem => {
    const people = participants.get(row.id) ?? [];
    const involved = people.map((p): InvolvedUser => ({
      ...projectPerson(
        {
          id: p.user_id,
          name: p.name,
          email: p.email,
          phone: p.phone,
          profile_image: p.profile_image,
          organizationIds: p.memberships.map((m) => m.id),
        },
        personVisibility(viewer, p.user_id, relationTo(p.user_id)),
      ),
      registered: true,
      attended: p.attended ?? false,
    }));
    const preview = people
      .slice(0, CARD_AVATAR_LIMIT)
      .map((p) =>
        projectPerson(
          { id: p.user_id, name: p.name, profile_image: p.profile_image },
          personVisibility(viewer, p.user_id),
        ),
      );
    return {
      id: row.id,
      name: row.name,
      nonprofit: row.nonprofit,
      description: row.description,
      date: row.date,
      time: row.time,
      starts_at: row.starts_at.toISOString(),
      duration: row.duration_minutes,
      address: row.address,
      points: row.duration_minutes,
      total_slots: row.total_slots,
      imageUrl: row.image_url,
      causes: row.causes,
      tags: row.tags,
      isPrivate: row.visibility.length > 0,
      qualifications: row.qualifications,
      comments: (announcements.get(row.id) ?? []).map((a) => a.text),
      redirect_url: row.redirect_url,
      host_id: row.host_user_id,
      host_user_id: row.host_user_id,
      host_org_id: row.host_org_id,
      host_org_name: row.host_org_name,
      approved: row.approved,
      attendance_marked: row.attendance_marked,
      visibility: row.visibility,
      involved_users: involved,
      host_user_name: row.host_user_name ?? 'Unknown User',
      registered_count: people.length,
      slots_left: slotsLeft(row.total_slots, people.length),
      attendee_preview: preview,
      attendee_count: people.length,
      attendee_more: people.length - preview.length,
      top_organizations: topOrganizations(people),
      is_host: row.is_host,
      is_registered: people.some((p) => p.user_id === viewer.userId),
    };
  });
  return { items, participants, announcements, relationTo };
};
