import { z } from 'zod';

/**
 * A user as the API answers it (spec section 3). `email` and `phone` are present only for those
 * allowed to see them (the user, admins, the host of an opportunity they joined); otherwise absent.
 */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  profile_image: z.string().nullable(),
  interests: z.array(z.string()),
  bio: z.string().nullable(),
  admin: z.boolean(),
  gender: z.string().nullable().optional(),
  birthday: z.string().nullable().optional(),
  graduation_year: z.number().int().nullable(),
  academic_level: z.string().nullable(),
  major: z.string().nullable(),
  points: z.number().int(),
  car_seats: z.number().int(),
  registration_date: z.string(),
  friends: z.array(z.string()),
  organizations: z.array(z.object({ id: z.string(), name: z.string() })),
  organizationIds: z.array(z.string()),
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
