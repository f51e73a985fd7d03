import {
  approvedEmailPersonalSchema,
  isValidDate,
  userPersonalDataSchema,
  userProfilePersonalChangesSchema,
  type EventOf,
  type UserPersonalData,
  type UserProfilePersonalChanges,
} from '@campus/contracts';
import type { Logger, PoolClient } from '@campus/infra';
import type { ProjectedEvent, Projection, ProjectionContext } from '../../projector/projection';
import { asJson, clampInt, MAX_INT4 } from '../shared';
import { clampLog, storableName, storableText } from './stored-text';

type Registration = {
  event: EventOf<'UserRegistered'>['data'];
  eventId: string;
  recordedAt: string;
};
type ProfileUpdate = { event: EventOf<'UserProfileUpdated'>['data']; eventId: string };

/** The columns a profile edit may change, as the JSON keys of one merged patch per user. */
type ProfilePatch = {
  first_name?: string;
  last_name?: string;
  phone?: string;
  bio?: string | null;
  profile_image?: string | null;
  interests?: string[];
};

/** One edit as a patch the row can hold (text stored as in registrations, names within limits). */
const toPatch = (
  changes: UserProfilePersonalChanges | null,
  interests: string[] | null,
  keep: ReturnType<typeof clampLog>['keep'],
): ProfilePatch => ({
  ...(changes?.firstName !== undefined
    ? { first_name: keep('first_name', changes.firstName, storableName) }
    : {}),
  ...(changes?.lastName !== undefined
    ? { last_name: keep('last_name', changes.lastName, storableName) }
    : {}),
  ...(changes?.phone !== undefined ? { phone: keep('phone', changes.phone) } : {}),
  ...(changes?.bio !== undefined ? { bio: keep('bio', changes.bio) } : {}),
  ...(changes?.profileImage !== undefined
    ? { profile_image: keep('profile_image', changes.profileImage) }
    : {}),
  ...(interests !== null
    ? { interests: [...new Set(interests.map((tag) => keep('interests', tag)))] }
    : {}),
});

type RegistrationRow = {
  id: string;
  email_hash: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  gender: string | null;
  birthday: string | null;
  admin: boolean;
  graduation_year: number | null;
  academic_level: string | null;
  major: string | null;
  car_seats: number;
  registration_date: string;
  erased: boolean;
};

/** Dates Postgres accepts (it has no year 0); an older event may hold anything its schema allowed. */
const storableDate = (date: string | null | undefined) =>
  date && isValidDate(date) && date >= '0001-01-01' ? date : null;

const storableInstant = (instant: string, fallback: string) =>
  !instant.startsWith('0000') && !Number.isNaN(Date.parse(instant)) ? instant : fallback;

/**
 * One registration as the row read.users can hold whatever the event carries: text without NUL or
 * unpaired surrogates, names within the command's limit, numbers and dates in their columns' ranges.
 */
const registrationRow = (
  { event: d, recordedAt, eventId }: Registration,
  personal: UserPersonalData | null,
  logger: Logger,
): RegistrationRow => {
  const { fields, keep } = clampLog();
  const row: RegistrationRow = {
    id: d.userId,
    email_hash: personal === null ? `erased:${d.userId}` : d.emailHash,
    first_name: keep('first_name', personal?.firstName ?? null, storableName),
    last_name: keep('last_name', personal?.lastName ?? null, storableName),
    email: keep('email', personal?.email ?? null),
    phone: keep('phone', personal?.phone ?? null),
    gender: keep('gender', personal?.gender ?? null),
    birthday: storableDate(personal?.birthday),
    admin: d.admin,
    graduation_year:
      d.graduationYear !== null && Math.abs(d.graduationYear) <= MAX_INT4 ? d.graduationYear : null,
    academic_level: keep('academic_level', d.academicLevel),
    major: keep('major', d.major),
    car_seats: clampInt(d.carSeats, 0, MAX_INT4),
    registration_date: storableInstant(d.registeredAt, recordedAt),
    erased: personal === null,
  };
  if (fields.length) logger.warn({ eventId, userId: d.userId, fields }, 'registration clamped');
  return row;
};

/** The registration without anything that came from the person: what is held when the row fails. */
const bareRow = (row: RegistrationRow): RegistrationRow => ({
  ...row,
  first_name: null,
  last_name: null,
  email: null,
  phone: null,
  gender: null,
  birthday: null,
  graduation_year: null,
  academic_level: null,
  major: null,
  car_seats: 0,
});

// points: the ledger may already hold lines (a users projection rebuilt behind the points one).
const INSERT_REGISTRATIONS = `INSERT INTO users (id, email_hash, first_name, last_name, email,
    phone, gender, birthday, admin, graduation_year, academic_level, major, car_seats,
    registration_date, erased, points)
  SELECT r.id, r.email_hash, r.first_name, r.last_name, r.email, r.phone, r.gender, r.birthday,
         r.admin, r.graduation_year, r.academic_level, r.major, r.car_seats, r.registration_date,
         r.erased,
         COALESCE((SELECT sum(l.points) FROM point_ledger l WHERE l.user_id = r.id), 0)
    FROM json_to_recordset($1::json) AS r(id uuid, email_hash text, first_name text,
         last_name text, email text, phone text, gender text, birthday date, admin boolean,
         graduation_year integer, academic_level text, major text, car_seats integer,
         registration_date timestamptz, erased boolean)
  ON CONFLICT DO NOTHING`;

/** Runs `work` in a savepoint of its own, answering whether it succeeded (rolled back if not). */
const attempt = async (client: PoolClient, work: () => Promise<unknown>) => {
  await client.query('SAVEPOINT users_registration');
  try {
    await work();
    await client.query('RELEASE SAVEPOINT users_registration');
    return null;
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT users_registration');
    return error;
  }
};

/**
 * Registrations in one statement. A registration is never dead-lettered for its values (a person
 * would be told they registered and then not exist): when the statement fails, each row is tried
 * on its own, and a row the database still refuses is held bare (id, email hash, admin, date), so
 * the person exists and signs in; they fill the rest in with a profile edit.
 */
const insertRegistrations = async (
  client: PoolClient,
  registrations: readonly Registration[],
  { vault, logger }: ProjectionContext,
) => {
  // Keys are per user, so registrations open one by one; the vault's pool runs them side by side.
  const rows = await Promise.all(
    registrations.map(async (registration) =>
      registrationRow(
        registration,
        await vault.open(registration.event.personal, userPersonalDataSchema),
        logger,
      ),
    ),
  );
  const failed = await attempt(client, () => client.query(INSERT_REGISTRATIONS, [asJson(rows)]));
  if (!failed) return;
  for (const [i, row] of rows.entries()) {
    const error = await attempt(client, () => client.query(INSERT_REGISTRATIONS, [asJson([row])]));
    if (!error) continue;
    logger.error(
      { err: error, eventId: registrations[i]?.eventId, userId: row.id },
      'registration refused by the read model; held without its details',
    );
    await client.query(INSERT_REGISTRATIONS, [asJson([bareRow(row)])]);
  }
};

const applyProfileUpdates = async (
  client: PoolClient,
  updates: readonly ProfileUpdate[],
  { vault, logger }: ProjectionContext,
) => {
  const opened = await Promise.all(
    updates.map(async ({ event: d, eventId }) => {
      const { fields, keep } = clampLog();
      let changes: UserProfilePersonalChanges | null = null;
      if (d.personal) {
        changes = await vault.open(d.personal, userProfilePersonalChangesSchema);
        if (!changes) logger.warn({ userId: d.userId }, 'profile changes unreadable (erased?)');
      }
      const patch = toPatch(changes, d.interests, keep);
      if (fields.length) logger.warn({ eventId, userId: d.userId, fields }, 'profile edit clamped');
      return patch;
    }),
  );
  // Later edits win key by key: one merged patch per user.
  const merged = new Map<string, ProfilePatch>();
  updates.forEach(({ event: d }, i) => {
    merged.set(d.userId, { ...merged.get(d.userId), ...opened[i] });
  });
  const rows = [...merged].map(([id, patch]) => ({ id, patch }));
  await client.query(
    `UPDATE users u SET
       first_name = CASE WHEN r.patch ? 'first_name' THEN r.patch->>'first_name' ELSE u.first_name END,
       last_name = CASE WHEN r.patch ? 'last_name' THEN r.patch->>'last_name' ELSE u.last_name END,
       phone = CASE WHEN r.patch ? 'phone' THEN r.patch->>'phone' ELSE u.phone END,
       bio = CASE WHEN r.patch ? 'bio' THEN r.patch->>'bio' ELSE u.bio END,
       profile_image = CASE WHEN r.patch ? 'profile_image' THEN r.patch->>'profile_image'
                            ELSE u.profile_image END,
       interests = CASE WHEN r.patch ? 'interests'
                        THEN ARRAY(SELECT jsonb_array_elements_text(r.patch->'interests'))
                        ELSE u.interests END
     FROM json_to_recordset($1::json) AS r(id uuid, patch jsonb)
     WHERE u.id = r.id AND NOT u.erased`,
    [asJson(rows)],
  );
};

const insertApprovedEmails = async (
  client: PoolClient,
  added: readonly ProjectedEvent[],
  { vault }: ProjectionContext,
) => {
  const rows = await Promise.all(
    added.map(async ({ event, recorded }) => {
      if (event.type !== 'ApprovedEmailAdded') return null;
      const personal = await vault.open(event.data.personal, approvedEmailPersonalSchema);
      return {
        email_hash: event.data.emailHash,
        email: personal ? storableText(personal.email).text : null,
        added_at: recorded.recordedAt,
      };
    }),
  );
  await client.query(
    `INSERT INTO approved_emails (email_hash, email, added_at)
     SELECT r.email_hash, r.email, r.added_at
       FROM json_to_recordset($1::json) AS r(email_hash text, email text, added_at timestamptz)
     ON CONFLICT (email_hash) DO NOTHING`,
    [asJson(rows.filter((r) => r !== null))],
  );
};

/**
 * read.users (registrations, admin grants, profile edits) and read.approved_emails. Personal fields
 * are opened from their sealed blobs; an erased subject's fields stay null. Points belong to the
 * points projection. Writes are one statement per kind of change for the whole batch, in causal
 * order (registrations, then grants, then edits).
 */
/** Personal columns of read.users: all null once the person is erased. */
const PERSONAL_COLUMNS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'gender',
  'birthday',
  'profile_image',
  'bio',
] as const;

/** The email_hash of an erased person: unique, and no longer leading from the address to them. */
const ERASED_EMAIL_HASH_SQL = `'erased:' || id::text`;

/**
 * UserErased: the key is gone, so whatever was opened before is dropped; the email hash is
 * replaced too (the address may register again as a new person), and the mail preferences go.
 * Points, interests (not personal), admin and the rest stay.
 */
const applyErasures = async (client: PoolClient, userIds: readonly string[]) => {
  await client.query(
    `UPDATE users SET ${PERSONAL_COLUMNS.map((c) => `${c} = NULL`).join(', ')},
            email_hash = ${ERASED_EMAIL_HASH_SQL}, erased = true
      WHERE id = ANY($1::uuid[])`,
    [userIds],
  );
  await client.query('DELETE FROM mail_preferences WHERE user_id = ANY($1::uuid[])', [userIds]);
};

/** The batch cut after each UserErased, so a later re-registration of the address follows it. */
const segmentsAtErasures = (events: readonly ProjectedEvent[]): ProjectedEvent[][] => {
  const segments: ProjectedEvent[][] = [[]];
  for (const projected of events) {
    segments.at(-1)?.push(projected);
    if (projected.event.type === 'UserErased') segments.push([]);
  }
  return segments.filter((s) => s.length > 0);
};

/**
 * Each person's mail preferences (docs/mail.md), one statement for the segment; none of an erased
 * person (an old mail's link still answers, but nobody is mailed or shown anything of theirs).
 */
const upsertMailPreferences = (
  client: PoolClient,
  preferences: ReadonlyMap<string, { off: readonly string[]; at: string }>,
) => {
  const entries = [...preferences];
  return client.query(
    `INSERT INTO mail_preferences (user_id, off, changed_at)
     SELECT u, ARRAY(SELECT jsonb_array_elements_text(o)), a
       FROM unnest($1::uuid[], $2::jsonb[], $3::timestamptz[]) AS t(u, o, a)
      WHERE NOT EXISTS (SELECT 1 FROM users WHERE id = t.u AND erased)
     ON CONFLICT (user_id) DO UPDATE SET off = excluded.off, changed_at = excluded.changed_at`,
    [
      entries.map(([userId]) => userId),
      entries.map(([, p]) => JSON.stringify(p.off)),
      entries.map(([, p]) => p.at),
    ],
  );
};

const applySegment = async (
  client: PoolClient,
  events: readonly ProjectedEvent[],
  context: ProjectionContext,
) => {
  const registrations: Registration[] = [];
  const admins = new Set<string>();
  const profileUpdates: ProfileUpdate[] = [];
  const approvedEmails: ProjectedEvent[] = [];
  const erasures: string[] = [];
  /** Each person's latest mail preferences in the segment (the event holds the whole set). */
  const mailPreferences = new Map<string, { off: readonly string[]; at: string }>();
  for (const projected of events) {
    const { event } = projected;
    switch (event.type) {
      case 'UserRegistered':
        registrations.push({
          event: event.data,
          eventId: projected.recorded.eventId,
          recordedAt: projected.recorded.recordedAt,
        });
        break;
      case 'AdminGranted':
        admins.add(event.data.userId);
        break;
      case 'UserProfileUpdated':
        profileUpdates.push({ event: event.data, eventId: projected.recorded.eventId });
        break;
      case 'ApprovedEmailAdded':
        approvedEmails.push(projected);
        break;
      case 'UserErased':
        erasures.push(event.data.userId);
        break;
      case 'MailPreferencesChanged':
        mailPreferences.set(event.data.userId, { off: event.data.off, at: event.data.at });
        break;
      default:
        // Other events belong to other projections.
        break;
    }
  }
  // One query for the keys of every sealed blob of the segment, instead of one per blob.
  await context.vault.prefetch([
    ...registrations.map((r) => r.event.personal.subject),
    ...profileUpdates.flatMap((u) => (u.event.personal ? [u.event.personal.subject] : [])),
  ]);
  if (registrations.length) await insertRegistrations(client, registrations, context);
  if (admins.size) {
    await client.query('UPDATE users SET admin = true WHERE id = ANY($1::uuid[])', [[...admins]]);
  }
  if (profileUpdates.length) await applyProfileUpdates(client, profileUpdates, context);
  if (approvedEmails.length) await insertApprovedEmails(client, approvedEmails, context);
  if (mailPreferences.size) await upsertMailPreferences(client, mailPreferences);
  if (erasures.length) await applyErasures(client, erasures);
};

/**
 * read.users (registrations, admin grants, profile edits, erasures), read.approved_emails and
 * read.mail_preferences.
 * Personal fields are opened from their sealed blobs; an erased subject's fields stay null (a
 * replay opens nothing of theirs: the key is gone). Points belong to the points projection.
 * Writes are one statement per kind of change for the whole batch, in causal order
 * (registrations, then grants, then edits, then erasures); a batch holding an erasure is cut after
 * it so that a registration of the released address later in the batch comes after it.
 */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['users', 'approved_emails', 'mail_preferences'],
  reads: ['point_ledger'],
  async apply(client, events, context) {
    for (const segment of segmentsAtErasures(events)) await applySegment(client, segment, context);
  },
};
