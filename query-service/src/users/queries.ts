import type { Caller, Pool } from '@campus/infra';
import type { PointsHistory, PointsHistoryEntry, User } from '@campus/contracts';
import {
  hostsTheirSignupSql,
  NO_RELATION,
  personVisibility,
  projectPerson,
  type PersonRelation,
} from '../shared/person-visibility';
import { containsPattern, ERASED_NAME, prepared, userNameSql } from '../shared/sql';

type UserRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  gender: string | null;
  birthday: string | null;
  profile_image: string | null;
  bio: string | null;
  interests: string[];
  admin: boolean;
  graduation_year: number | null;
  academic_level: string | null;
  major: string | null;
  car_seats: number;
  points: number;
  registration_date: Date;
  erased: boolean;
};

const USER_COLUMNS = `id::text, first_name, last_name, email, phone, gender,
  to_char(birthday, 'YYYY-MM-DD') AS birthday, profile_image, bio, interests, admin,
  graduation_year, academic_level, major, car_seats, points, registration_date, erased`;

/** Friends (ids) and approved organizations (id, name) of a user, as the profile shows them. */
export type UserRelations = {
  readonly friends: string[];
  readonly organizations: { id: string; name: string }[];
};
const NO_RELATIONS: UserRelations = { friends: [], organizations: [] };

/**
 * A user as `viewer` may see them: every field of the answer goes through `projectPerson` with
 * the viewer's visibility of this person (the viewer's relation comes from the read model).
 */
export const toUserResponse = (
  row: UserRow,
  viewer: Caller | null,
  relation: Partial<PersonRelation> = NO_RELATION,
  relations: UserRelations = NO_RELATIONS,
): User => {
  const first = row.erased ? ERASED_NAME : (row.first_name ?? '');
  const last = row.erased ? '' : (row.last_name ?? '');
  return projectPerson(
    {
      id: row.id,
      name: `${first} ${last}`.trim(),
      first_name: first,
      last_name: last,
      profile_image: row.erased ? null : row.profile_image,
      interests: row.interests,
      bio: row.erased ? null : row.bio,
      points: row.points,
      friends: relations.friends,
      organizations: relations.organizations,
      organizationIds: relations.organizations.map((o) => o.id),
      email: row.email,
      phone: row.phone,
      admin: row.admin,
      gender: row.gender,
      birthday: row.birthday,
      graduation_year: row.graduation_year,
      academic_level: row.academic_level,
      major: row.major,
      car_seats: row.car_seats,
      registration_date: row.registration_date.toISOString(),
    },
    personVisibility(viewer, row.id, relation),
  );
};

/** The viewer is the person, or an admin. */
export const isSelfOrAdmin = (viewer: Caller | null, userId: string): boolean =>
  viewer !== null && (viewer.admin || viewer.userId === userId);

export const findUserById = async (pool: Pool, id: string): Promise<UserRow | null> => {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await pool.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM read.users WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
};

export const findUserByEmailHash = async (
  pool: Pool,
  emailHash: string,
): Promise<UserRow | null> => {
  const { rows } = await pool.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM read.users WHERE email_hash = $1`,
    [emailHash],
  );
  return rows[0] ?? null;
};

/** Registered users not erased, by name; optionally those whose name contains `q`. */
export const listUsers = async (pool: Pool, q: string | undefined): Promise<UserRow[]> => {
  const { rows } = await pool.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM read.users u
      WHERE NOT u.erased AND ($1::text IS NULL OR ${userNameSql('u')} ILIKE $1)
      ORDER BY lower(${userNameSql('u')}), u.id`,
    [q ? containsPattern(q) : null],
  );
  return rows;
};

/** Friends and approved organizations of each of `ids`, in two statements. */
export const loadRelations = async (
  pool: Pool,
  ids: readonly string[],
): Promise<Map<string, UserRelations>> => {
  const out = new Map<string, UserRelations>(
    ids.map((id) => [id, { friends: [], organizations: [] }]),
  );
  if (!ids.length) return out;
  const [friends, organizations] = await Promise.all([
    pool.query<{ user_id: string; friend_id: string }>(
      `SELECT f.requester_id::text AS user_id, f.recipient_id::text AS friend_id, f.updated_at
         FROM read.friendships f WHERE f.status = 'friends' AND f.requester_id = ANY($1::uuid[])
       UNION ALL
       SELECT f.recipient_id::text, f.requester_id::text, f.updated_at
         FROM read.friendships f WHERE f.status = 'friends' AND f.recipient_id = ANY($1::uuid[])
       ORDER BY updated_at, friend_id`,
      [ids],
    ),
    pool.query<{ user_id: string; id: string; name: string }>(
      `SELECT m.user_id::text, o.id::text, o.name
         FROM read.memberships m
         JOIN read.organizations o ON o.id = m.organization_id AND o.approved AND NOT o.deleted
        WHERE m.user_id = ANY($1::uuid[])
        ORDER BY lower(o.name), o.id`,
      [ids],
    ),
  ]);
  for (const r of friends.rows) out.get(r.user_id)?.friends.push(r.friend_id);
  for (const r of organizations.rows)
    out.get(r.user_id)?.organizations.push({ id: r.id, name: r.name });
  return out;
};

/** A profile's rows: the user, their friends and organizations, badge facts, the viewer's relation. */
export type ProfileRow = {
  readonly user: UserRow;
  readonly relations: UserRelations;
  readonly badges: string[];
  readonly signup_count: number;
  readonly friend_count: number;
  /** Points earned on the platform: attendance and bonus lines (docs/service-hours.md). */
  readonly platform_points: number;
  /** Minutes of approved logged service (their ledger lines, whatever the scoring rule). */
  readonly logged_minutes: number;
  readonly relation: PersonRelation;
};

/**
 * Everything GET /api/users/:id shows, in one statement (one round trip): the user's row, their
 * friends and approved organizations (as `loadRelations` orders them), the badge facts, their
 * logged hours lines' points and minutes (from their own ledger lines, point_ledger_user_idx, so
 * that the split agrees with `points`), and `viewer`'s relation to the user. Null for an unknown
 * id.
 */
export const loadProfile = async (
  pool: Pool,
  viewer: Caller,
  id: string,
): Promise<ProfileRow | null> => {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await pool.query<
    UserRow &
      Omit<ProfileRow, 'user' | 'relations' | 'relation' | 'platform_points'> &
      UserRelations & { hosts_their_signup: boolean; logged_points: number }
  >(
    prepared(
      `SELECT u.*,
            COALESCE(b.badges, '{}') AS badges, COALESCE(b.signup_count, 0) AS signup_count,
            COALESCE(b.friend_count, 0) AS friend_count,
            ARRAY(SELECT x.friend_id FROM (
                    SELECT f.recipient_id::text AS friend_id, f.updated_at FROM read.friendships f
                     WHERE f.status = 'friends' AND f.requester_id = $1::uuid
                    UNION ALL
                    SELECT f.requester_id::text, f.updated_at FROM read.friendships f
                     WHERE f.status = 'friends' AND f.recipient_id = $1::uuid) x
                  ORDER BY x.updated_at, x.friend_id) AS friends,
            COALESCE((SELECT json_agg(json_build_object('id', o.id::text, 'name', o.name)
                                      ORDER BY lower(o.name), o.id)
                        FROM read.memberships m
                        JOIN read.organizations o
                          ON o.id = m.organization_id AND o.approved AND NOT o.deleted
                       WHERE m.user_id = $1::uuid), '[]'::json) AS organizations,
            ${hostsTheirSignupSql('$2', '$1::uuid')} AS hosts_their_signup,
            lh.logged_points, lh.logged_minutes
       FROM (SELECT ${USER_COLUMNS} FROM read.users WHERE id = $1::uuid) u
       LEFT JOIN read.user_badges b ON b.user_id = $1::uuid
       CROSS JOIN (SELECT coalesce(sum(l.points), 0)::integer AS logged_points,
                          coalesce(sum(l.logged_minutes), 0)::integer AS logged_minutes
                     FROM read.point_ledger l
                    WHERE l.user_id = $1::uuid AND l.reason = 'logged_hours') lh`,
      [id, viewer.userId],
    ),
  );
  const row = rows[0];
  if (!row) return null;
  const {
    badges,
    signup_count,
    friend_count,
    hosts_their_signup,
    friends,
    organizations,
    logged_points,
    logged_minutes,
    ...user
  } = row;
  return {
    user,
    relations: { friends, organizations },
    badges,
    signup_count,
    friend_count,
    platform_points: user.points - logged_points,
    logged_minutes,
    relation: { ...NO_RELATION, hostsTheirSignup: hosts_their_signup },
  };
};

/** Every user's email (admins), erased users left out. */
export const listEmails = async (pool: Pool): Promise<string[]> => {
  const { rows } = await pool.query<{ email: string }>(
    `SELECT email FROM read.users WHERE email IS NOT NULL AND NOT erased ORDER BY lower(email)`,
  );
  return rows.map((r) => r.email);
};

/** One point-ledger line as read, before who may see the actor. */
export type LedgerRow = {
  id: string;
  recorded_at: Date;
  reason: PointsHistoryEntry['reason'];
  /** Null on a logged hours line. */
  opportunity_id: string | null;
  opportunity_name: string | null;
  opportunity_date: string;
  actor_id: string | null;
  actor_name: string | null;
  points: number;
  /** The user's points after this line, counted in the ledger's order (oldest first). */
  running_total: number;
  /** A logged hours line's log, organization, minutes and verifier; null on platform lines. */
  logged: PointsHistoryEntry['logged'];
};

/**
 * The ledger's order, oldest first (docs/product-rules.md): by the opportunity's date, the day
 * the points count on, then by the line's place in the log. Line ids are given in log order (an
 * award's attendance line before its bonus line), on replays too.
 */
const LEDGER_ORDER = 'l.opportunity_date, l.id';
const LEDGER_ORDER_NEWEST_FIRST = 'l.opportunity_date DESC, l.id DESC';

/**
 * A logged hours line's `logged` (docs/service-hours.md): its log, the log's organization (the
 * platform one's name or the outside one's), its minutes and who approved it (the log's decider,
 * else the line's actor), by their read-model name. `s` is the log, `so` its organization, `v`
 * the verifier.
 */
const LOGGED_SQL = `CASE WHEN l.service_log_id IS NULL THEN NULL ELSE json_build_object(
              'log_id', l.service_log_id::text,
              'organization_name', coalesce(so.name, s.outside_organization, ''),
              'minutes', coalesce(l.logged_minutes, s.minutes, 0),
              'verified_by_name', CASE WHEN v.id IS NULL THEN NULL ELSE ${userNameSql('v')} END)
            END AS logged`;
const LOGGED_JOINS = `LEFT JOIN read.service_logs s ON s.id = l.service_log_id
       LEFT JOIN read.organizations so ON so.id = s.organization_id
       LEFT JOIN read.users v ON v.id = coalesce(s.decided_by, l.actor_user_id)`;

/**
 * A user's point ledger, newest first, each line with the running total after it (so the first
 * line's total is the user's points). `extra` adds columns and joins to the same query (the admin
 * audit reads the scheduled duration and the host's attendance); `o` is the opportunity.
 */
export const queryPointLedger = async <Extra extends object = object>(
  pool: Pool,
  userId: string,
  extra: { readonly columns: string; readonly joins: string } = { columns: '', joins: '' },
): Promise<(LedgerRow & Extra)[]> => {
  const { rows } = await pool.query<LedgerRow & Extra>(
    `SELECT l.id::text, l.recorded_at, l.reason, l.opportunity_id::text, o.name AS opportunity_name,
            to_char(l.opportunity_date, 'YYYY-MM-DD') AS opportunity_date,
            l.actor_user_id::text AS actor_id,
            CASE WHEN a.id IS NULL THEN NULL ELSE ${userNameSql('a')} END AS actor_name,
            l.points,
            (sum(l.points) OVER (ORDER BY ${LEDGER_ORDER}))::integer AS running_total,
            ${LOGGED_SQL}
            ${extra.columns ? `, ${extra.columns}` : ''}
       FROM read.point_ledger l
       LEFT JOIN read.opportunities o ON o.id = l.opportunity_id
       LEFT JOIN read.users a ON a.id = l.actor_user_id
       ${LOGGED_JOINS}
       ${extra.joins}
      WHERE l.user_id = $1
      ORDER BY ${LEDGER_ORDER_NEWEST_FIRST}`,
    [userId],
  );
  return rows;
};

/** Ledger rows as history lines, in their order; `extend` adds to or replaces a line's fields. */
export const ledgerEntries = <R extends LedgerRow, E>(
  rows: readonly R[],
  extend: (entry: PointsHistoryEntry, row: R) => E,
): E[] =>
  rows.map((r) =>
    extend(
      {
        id: r.id,
        at: r.recorded_at.toISOString(),
        reason: r.reason,
        opportunity_id: r.opportunity_id,
        opportunity_name: r.opportunity_name,
        opportunity_date: r.opportunity_date,
        logged: r.logged,
        actor_id: r.actor_id,
        actor_name: r.actor_name,
        change: r.points,
        running_total: r.running_total,
      },
      r,
    ),
  );

/** The point ledger of a user, newest first, with running totals. */
export const loadPointsHistory = async (
  pool: Pool,
  viewer: Caller,
  userId: string,
  points: number,
): Promise<PointsHistory> => ({
  user_id: userId,
  points,
  entries: ledgerEntries(await queryPointLedger(pool, userId), (entry) => {
    // The host or admin who marked the attendance is a person too.
    const actor =
      entry.actor_id === null
        ? null
        : projectPerson(
            { id: entry.actor_id, name: entry.actor_name },
            personVisibility(viewer, entry.actor_id),
          );
    return { ...entry, actor_id: actor?.id ?? null, actor_name: actor?.name ?? null };
  }),
});

export const isEmailOnApprovedList = async (pool: Pool, emailHash: string): Promise<boolean> => {
  const { rowCount } = await pool.query(
    'SELECT 1 FROM read.approved_emails WHERE email_hash = $1',
    [emailHash],
  );
  return (rowCount ?? 0) > 0;
};
