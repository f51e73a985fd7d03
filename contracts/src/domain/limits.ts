import { MAX_TEXT_LENGTH } from './constants';

/**
 * The largest value each command field accepts, so that whatever a command accepts the read model
 * stores (docs/product-rules.md, "Input and the read model"). Lengths count UTF-16 code units, as
 * zod and the browser's maxLength do: at most 3 bytes each in UTF-8, which keeps every indexed
 * column (organization and person names) far below Postgres' index row limit of 2,704 bytes.
 */
export const TEXT_LIMITS = {
  /** First and last name, each. */
  personName: MAX_TEXT_LENGTH.short,
  /** A full name sent instead of the parts: each part then fits `personName`. */
  fullName: MAX_TEXT_LENGTH.short,
  /** Gender, academic level, major. */
  profileDetail: 100,
  bio: MAX_TEXT_LENGTH.bio,
  email: 254,
  organizationName: MAX_TEXT_LENGTH.name,
  organizationDescription: MAX_TEXT_LENGTH.description,
  opportunityName: MAX_TEXT_LENGTH.name,
  opportunityDescription: MAX_TEXT_LENGTH.description,
  nonprofit: MAX_TEXT_LENGTH.name,
  address: 400,
  /** One tag or one qualification. */
  listItem: MAX_TEXT_LENGTH.short,
  announcement: MAX_TEXT_LENGTH.announcement,
  url: 2_000,
  /** A date or a date-time text before it is checked as one. */
  dateText: 40,
  /** A time text before it is checked as one ('HH:MM' or 'HH:MM:SS'). */
  timeText: 8,
} as const;

/** Most tags (and most qualifications) on one opportunity. */
export const LIST_ITEMS_MAX = 50;
/** Most organizations a private opportunity is shown to. */
export const VISIBILITY_MAX = 1_000;
/** Most announcements in a full-list edit (docs/product-rules.md). */
export const ANNOUNCEMENTS_MAX = 500;

/** A phone number is digits only: at least 10, at most 20 (E.164 and extensions fit). */
export const PHONE_MAX_DIGITS = 20;

/** Slots of one opportunity, on create and on edit. */
export const TOTAL_SLOTS_MAX = 100_000;

/** Graduation years a registration accepts. */
export const GRADUATION_YEAR_MIN = 1900;
export const GRADUATION_YEAR_MAX = 2200;

/** The earliest birthday a registration accepts (Postgres dates have no year 0). */
export const BIRTHDAY_MIN = '1900-01-01';

/**
 * Most service logs one student may have waiting in one verifiers' queue (docs/service-hours.md):
 * for one platform organization, or for organizations off the platform (admins decide those).
 */
export const WAITING_SERVICE_LOGS_MAX = 20;
