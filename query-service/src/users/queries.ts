import type { Caller, Pool } from '@campus/infra';
import type { User } from '@campus/contracts';

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

const USER_COLUMNS = `id, first_name, last_name, email, phone, gender, to_char(birthday, 'YYYY-MM-DD') AS birthday,
  profile_image, bio, interests, admin, graduation_year, academic_level, major, car_seats, points,
  registration_date, erased`;

const ERASED_NAME = 'Former student';

/** Email and phone only for the user and admins (rules.md); everyone else gets the public fields. */
export const toUserResponse = (row: UserRow, viewer: Caller | null): User => {
  const mayContact = viewer !== null && (viewer.admin || viewer.userId === row.id);
  const first = row.erased ? ERASED_NAME : (row.first_name ?? '');
  const last = row.erased ? '' : (row.last_name ?? '');
  return {
    id: row.id,
    name: `${first} ${last}`.trim(),
    first_name: first,
    last_name: last,
    ...(mayContact && row.email !== null ? { email: row.email } : {}),
    ...(mayContact && row.phone !== null ? { phone: row.phone } : {}),
    ...(mayContact ? { gender: row.gender, birthday: row.birthday } : {}),
    profile_image: row.erased ? null : row.profile_image,
    interests: row.interests,
    bio: row.erased ? null : row.bio,
    admin: row.admin,
    graduation_year: row.graduation_year,
    academic_level: row.academic_level,
    major: row.major,
    points: row.points,
    car_seats: row.car_seats,
    registration_date: row.registration_date.toISOString(),
    friends: [],
    organizations: [],
    organizationIds: [],
  };
};

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

export const isEmailOnApprovedList = async (pool: Pool, emailHash: string): Promise<boolean> => {
  const { rowCount } = await pool.query(
    'SELECT 1 FROM read.approved_emails WHERE email_hash = $1',
    [emailHash],
  );
  return (rowCount ?? 0) > 0;
};
