/** Business constants of the product (docs/product-rules.md), in one place for both sides. */
export const TIME_ZONE = 'America/New_York';

/** The first day points count; the first monthly board (September 2025) starts here. */
export const DEFAULT_LAUNCH_DATE = '2025-09-16';

const UNREGISTER_CUTOFF_HOURS = 7;
export const UNREGISTER_CUTOFF_MS = UNREGISTER_CUTOFF_HOURS * 60 * 60 * 1000;

export const DEFAULT_TOTAL_SLOTS = 10;
export const MIN_TOTAL_SLOTS = 1;
export const DEFAULT_DURATION_MINUTES = 60;
export const CREATE_DURATION_MIN = 15;
export const CREATE_DURATION_STEP = 15;
export const EDIT_DURATION_MIN = 1;

export const FIRST_SIGNUP_BONUS_POINTS = 5;

export const ATTENDANCE_HOURS_MAX = 24;
export const ATTENDANCE_MINUTES_MAX = 59;
export const ATTENDANCE_DURATION_MAX = ATTENDANCE_HOURS_MAX * 60 + ATTENDANCE_MINUTES_MAX;

export const SEARCH_RESULT_LIMIT = 4;
export const CARD_AVATAR_LIMIT = 10;
export const TOP_ORGANIZATIONS_MIN_ATTENDEES = 2;
export const TOP_ORGANIZATIONS_LIMIT = 3;
export const UNKNOWN_RANK = 999;
export const TEAM_STORY_PREVIEW_CHARS = 120;

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_TEXT_LENGTH = {
  name: 200,
  description: 10_000,
  bio: 2_000,
  announcement: 2_000,
  short: 200,
} as const;

export const ORGANIZATION_TYPES = [
  'Fraternity',
  'Sorority',
  'Professional Club',
  'Sports Team',
  'Performing Arts Group',
  'Project Team',
  'Cultural',
  'Community Service',
  'Religious',
  'Other',
] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];
export const DEFAULT_ORGANIZATION_TYPE: OrganizationType = 'Other';

/** Passions and causes, the product's fixed lists. */
export const CAUSES = [
  'Environment & Sustainability',
  'Homelessness Relief',
  'Food Security and Hunger Relief',
  'Health and Wellness',
  'Education',
  'Religious',
  'Other',
] as const;
export type Cause = (typeof CAUSES)[number];
