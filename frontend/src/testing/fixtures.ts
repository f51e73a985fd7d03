import type { PublicConfig, UserProfile } from '@campus/contracts';

/** A user as GET /api/users/:id answers it (a superset of the plain user shape). */
export const aUser = (overrides: Partial<UserProfile> = {}): UserProfile => ({
  id: 'user-1',
  name: 'Sam Student',
  first_name: 'Sam',
  last_name: 'Student',
  email: 'student@university.edu',
  phone: '5551234567',
  profile_image: null,
  interests: [],
  bio: null,
  admin: false,
  gender: null,
  birthday: null,
  graduation_year: null,
  academic_level: null,
  major: null,
  points: 120,
  car_seats: 0,
  registration_date: '2025-09-20T12:00:00.000Z',
  friends: [],
  organizations: [],
  organizationIds: [],
  badges: [],
  friend_count: 0,
  signup_count: 0,
  hours: 2,
  platform_hours: 2,
  logged_hours: 0,
  ...overrides,
});

export const aConfig = (overrides: Partial<PublicConfig> = {}): PublicConfig => ({
  universityDomain: 'university.edu',
  supportEmail: 'help@university.edu',
  launchDate: '2025-09-16',
  now: '2025-10-01T12:00:00.000Z',
  ...overrides,
});
