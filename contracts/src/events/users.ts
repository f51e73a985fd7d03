import { z } from 'zod';
import { sealedSchema } from './personal-data';

export const toUserStreamId = (userId: string) => `user-${userId}`;
/** Email uniqueness; the name holds a hash of the lowercased email, never the email. */
export const toEmailReservationStreamId = (emailHash: string) => `user-email-${emailHash}`;
export const toApprovedEmailStreamId = (emailHash: string) => `approved-email-${emailHash}`;

export const userRegisteredSchema = z.object({
  v: z.literal(1),
  userId: z.uuid(),
  emailHash: z.string(),
  /** Sealed UserPersonalData. */
  personal: sealedSchema,
  admin: z.boolean(),
  carSeats: z.number().int().min(0).max(15),
  graduationYear: z.number().int().nullable(),
  academicLevel: z.string().nullable(),
  major: z.string().nullable(),
  registeredAt: z.iso.datetime(),
});
export type UserRegistered = z.infer<typeof userRegisteredSchema>;

export const approvedEmailAddedSchema = z.object({
  v: z.literal(1),
  emailHash: z.string(),
  /** Sealed { email }. */
  personal: sealedSchema,
});
export const approvedEmailPersonalSchema = z.object({ email: z.string() });

export const adminGrantedSchema = z.object({ v: z.literal(1), userId: z.uuid() });

/**
 * A profile edit by its owner. Personal fields (names, phone, bio, photo) travel sealed; only the
 * keys present in the sealed object changed. Interests are not personal data.
 */
export const userProfileUpdatedSchema = z.object({
  v: z.literal(1),
  userId: z.uuid(),
  /** Sealed UserProfilePersonalChanges, or null when only interests changed. */
  personal: sealedSchema.nullable(),
  interests: z.array(z.string()).nullable(),
});
export const userProfilePersonalChangesSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    bio: z.string().nullable(),
    profileImage: z.string().nullable(),
  })
  .partial();
export type UserProfilePersonalChanges = z.infer<typeof userProfilePersonalChangesSchema>;
