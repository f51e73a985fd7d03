import { z } from 'zod';
import { badgeSchema } from './badges';
import { searchTextParam } from './params';

/**
 * A user as the API answers it, field by field as the viewer may see it
 * (docs/product-rules.md, who sees what): the public fields for every signed-in user; `email` and
 * `phone` for the person, admins and the two sides of a registration; the private fields for the
 * person and admins only. A field the viewer may not see is absent.
 */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile_image: z.string().nullable(),
  interests: z.array(z.string()),
  bio: z.string().nullable(),
  points: z.number().int(),
  friends: z.array(z.string()),
  organizations: z.array(z.object({ id: z.string(), name: z.string() })),
  organizationIds: z.array(z.string()),
  // Contact.
  email: z.string().optional(),
  phone: z.string().optional(),
  // Private.
  admin: z.boolean().optional(),
  gender: z.string().nullable().optional(),
  birthday: z.string().nullable().optional(),
  graduation_year: z.number().int().nullable().optional(),
  academic_level: z.string().nullable().optional(),
  major: z.string().nullable().optional(),
  car_seats: z.number().int().optional(),
  registration_date: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

export const userExistsSchema = z.object({ exists: z.boolean() });
export const approvedEmailCheckSchema = z.object({ is_approved: z.boolean() });

/** POST /api/protected */
export const protectedResponseSchema = z.object({
  status: z.literal('authenticated'),
  user: z.object({
    uid: z.string(),
    email: z.string().nullable(),
    email_verified: z.boolean(),
    /** The registered user, when there is one. */
    id: z.string().nullable(),
    admin: z.boolean(),
  }),
});
export type ProtectedResponse = z.infer<typeof protectedResponseSchema>;

/** POST /api/users answers the created user (the caller sees their own email and phone). */
export const registerUserResponseSchema = userSchema;

/** GET /api/users: every registered user, each as the caller may see them. */
export const listUsersQuerySchema = z.object({
  /** Case-insensitive part of the name (admins registering a user by name). */
  q: searchTextParam.optional(),
});
export const usersListSchema = z.array(userSchema);

/** GET /api/users/emails (admins): every user's email, ordered. */
export const userEmailsSchema = z.object({ count: z.number().int(), emails: z.array(z.string()) });
export type UserEmails = z.infer<typeof userEmailsSchema>;

/** GET /api/users/{id}: the profile, with what the profile screen derives. */
export const userProfileSchema = userSchema.extend({
  badges: z.array(badgeSchema),
  friend_count: z.number().int(),
  /** Registrations not withdrawn. */
  signup_count: z.number().int(),
  /** platform_hours + logged_hours, rounded to one decimal. */
  hours: z.number(),
  /** Points earned on the platform (attendance and bonuses) / 60, rounded to one decimal. */
  platform_hours: z.number(),
  /** Approved logged service minutes / 60, rounded to one decimal (docs/service-hours.md). */
  logged_hours: z.number(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** One line of a user's point ledger: what changed, why, and the user's points counting it. */
export const pointsHistoryEntrySchema = z.object({
  id: z.string(),
  /** When the change was recorded (ISO 8601 UTC). */
  at: z.string(),
  reason: z.enum(['attendance', 'first_signup_bonus', 'logged_hours']),
  /** The opportunity of an attendance or bonus line; null on a logged hours line. */
  opportunity_id: z.string().nullable(),
  /**
   * Kept when the opportunity was later deleted (docs/product-rules.md); null if it never
   * reached the read model.
   */
  opportunity_name: z.string().nullable(),
  /** The Eastern date the points count on (its monthly board). */
  opportunity_date: z.string(),
  /**
   * Where a logged hours line comes from (docs/service-hours.md): the log, its organization, its
   * minutes and who verified it; null on platform lines. It earns points only while the admins'
   * rule is on (`change` is 0 otherwise).
   */
  logged: z
    .object({
      log_id: z.string(),
      organization_name: z.string(),
      minutes: z.number().int(),
      verified_by_name: z.string().nullable(),
    })
    .nullable(),
  actor_id: z.string().nullable(),
  actor_name: z.string().nullable(),
  change: z.number().int(),
  running_total: z.number().int(),
});
export type PointsHistoryEntry = z.infer<typeof pointsHistoryEntrySchema>;

/**
 * GET /api/users/{id}/points-history (the user and admins): the point ledger, newest first by the
 * opportunity's date, ties by the log's order (docs/product-rules.md). Each running total is the
 * one of the line after it plus its own change.
 */
export const pointsHistorySchema = z.object({
  user_id: z.string(),
  /** The user's points; always equal to the first line's running total (0 without lines). */
  points: z.number().int(),
  entries: z.array(pointsHistoryEntrySchema),
});
export type PointsHistory = z.infer<typeof pointsHistorySchema>;
