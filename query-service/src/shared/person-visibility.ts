import type { Caller, Pool } from '@campus/infra';
import { prepared } from './sql';

/**
 * Who may read which of a person's fields (docs/product-rules.md, who sees what): every answer that
 * carries a person decides with `personVisibility` and strips with `projectPerson`.
 */
export type PersonVisibility = {
  /** Name, picture, bio, interests, points and hours, rank, organizations, badges, friends. */
  readonly public: boolean;
  readonly email: boolean;
  readonly phone: boolean;
  /** Gender, birthday, studies, car seats, registration date, the admin flag, email_verified. */
  readonly private: boolean;
};

/** How the viewer is related to the person, decided by the read model (never by the request). */
export type PersonRelation = {
  /** The viewer hosts an opportunity the person is registered for. */
  readonly hostsTheirSignup: boolean;
  /** The answer is an opportunity the person hosts, readable by the viewer (the Contact Host card). */
  readonly hostsShownOpportunity: boolean;
  /** ... and the viewer is registered for it. */
  readonly registeredForShownOpportunity: boolean;
};

export const NO_RELATION: PersonRelation = {
  hostsTheirSignup: false,
  hostsShownOpportunity: false,
  registeredForShownOpportunity: false,
};

const NOTHING: PersonVisibility = { public: false, email: false, phone: false, private: false };
const EVERYTHING: PersonVisibility = { public: true, email: true, phone: true, private: true };

/**
 * What `viewer` may see of person `personId`. Signed out: nothing. The person and admins:
 * everything. Any other signed-in user: the public fields; the email and phone too when the viewer
 * hosts an opportunity the person is registered for; on an opportunity's Contact Host card, the
 * host's email to whoever may read it and the phone to its registered participants. Friendship
 * alone shows nothing more than the public fields.
 */
export const personVisibility = (
  viewer: Caller | null,
  personId: string,
  relation: Partial<PersonRelation> = NO_RELATION,
): PersonVisibility => {
  if (!viewer) return NOTHING;
  if (viewer.admin || viewer.userId === personId) return EVERYTHING;
  const host = relation.hostsTheirSignup === true;
  const card = relation.hostsShownOpportunity === true;
  return {
    public: true,
    email: host || card,
    phone: host || (card && relation.registeredForShownOpportunity === true),
    private: false,
  };
};

/** Every person field an answer may carry, with its group; a field missing here is never sent. */
export const PERSON_FIELD_GROUPS = {
  id: 'public',
  user_id: 'public',
  other_user_id: 'public',
  name: 'public',
  other_user_name: 'public',
  first_name: 'public',
  last_name: 'public',
  profile_image: 'public',
  other_user_profile_image: 'public',
  bio: 'public',
  interests: 'public',
  points: 'public',
  hours: 'public',
  platform_hours: 'public',
  logged_hours: 'public',
  rank: 'public',
  organizations: 'public',
  organizationIds: 'public',
  badges: 'public',
  friends: 'public',
  friend_count: 'public',
  signup_count: 'public',
  email: 'email',
  phone: 'phone',
  gender: 'private',
  birthday: 'private',
  graduation_year: 'private',
  academic_level: 'private',
  major: 'private',
  car_seats: 'private',
  registration_date: 'private',
  admin: 'private',
  email_verified: 'private',
} as const satisfies Record<string, keyof PersonVisibility>;

export type PersonField = keyof typeof PERSON_FIELD_GROUPS;
type PublicField = {
  [K in PersonField]: (typeof PERSON_FIELD_GROUPS)[K] extends 'public' ? K : never;
}[PersonField];
type ContactField = 'email' | 'phone';

/** A person object as projected: the public fields stay, the others may be absent. */
export type ProjectedPerson<P> = {
  [K in keyof P as K extends PublicField ? K : never]: P[K];
} & {
  [K in keyof P as K extends PublicField ? never : K]?: K extends ContactField
    ? NonNullable<P[K]>
    : P[K];
};

/**
 * `person` with only the fields `visibility` allows; an email or phone that is null is left out
 * (absent means "not shown or none"). Nothing when the viewer may not see the person at all.
 */
export const projectPerson = <P extends Partial<Record<PersonField, unknown>>>(
  person: P & Record<Exclude<keyof P, PersonField>, never>,
  visibility: PersonVisibility,
): ProjectedPerson<P> => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(person)) {
    const group = (PERSON_FIELD_GROUPS as Record<string, keyof PersonVisibility | undefined>)[key];
    if (group === undefined || !visibility[group] || value === undefined) continue;
    if ((group === 'email' || group === 'phone') && value === null) continue;
    out[key] = value;
  }
  return out as ProjectedPerson<P>;
};

/** SQL: whether the caller bound as `viewer` hosts an opportunity person `person` is registered for. */
export const hostsTheirSignupSql = (viewer: string, person: string): string =>
  `EXISTS (SELECT 1 FROM read.signups rs JOIN read.opportunities ro ON ro.id = rs.opportunity_id
            WHERE rs.registered AND NOT ro.deleted
              AND ro.host_user_id = ${viewer}::uuid AND rs.user_id = ${person})`;

/** The viewer's relation to each person of an answer (people without one are left out). */
export type RelationsOf = (personId: string) => PersonRelation;
const unrelated: RelationsOf = () => NO_RELATION;

/**
 * Which people (a set of ids bound as $2) the viewer ($1) is related to, in one statement.
 * `people` selects a `user_id` uuid column.
 */
const relationsSql = (people: string) =>
  `SELECT p.user_id::text AS person_id FROM (${people}) p
    WHERE ${hostsTheirSignupSql('$1', 'p.user_id')}`;

const PEOPLE_BY_ID = relationsSql('SELECT DISTINCT unnest($2::uuid[]) AS user_id');
const PEOPLE_OF_OPPORTUNITIES = relationsSql(
  `SELECT s.user_id FROM read.signups s WHERE s.opportunity_id = ANY($2::uuid[]) AND s.registered
   UNION SELECT o.host_user_id FROM read.opportunities o WHERE o.id = ANY($2::uuid[])`,
);

/**
 * The viewer's relations to the people of an answer: either the given person ids, or the
 * registered participants and hosts of the given opportunities (so the statement can run beside
 * the one that reads them). Nobody needs one for themselves or admins: no statement then.
 */
export const loadPersonRelations = async (
  pool: Pool,
  viewer: Caller | null,
  people: { readonly ids: readonly string[] } | { readonly opportunityIds: readonly string[] },
): Promise<RelationsOf> => {
  const ids = 'ids' in people ? people.ids : people.opportunityIds;
  if (!viewer || viewer.admin || ids.length === 0) return unrelated;
  const { rows } = await pool.query<{ person_id: string }>(
    prepared('ids' in people ? PEOPLE_BY_ID : PEOPLE_OF_OPPORTUNITIES, [viewer.userId, ids]),
  );
  const hosted = new Set(rows.map((r) => r.person_id));
  return (personId) =>
    hosted.has(personId) ? { ...NO_RELATION, hostsTheirSignup: true } : NO_RELATION;
};
