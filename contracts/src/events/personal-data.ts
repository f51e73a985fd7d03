import { z } from 'zod';

/**
 * Personal fields never appear in an event in clear: they are sealed (AES-256-GCM) with a key per
 * data subject that erasure destroys, so the log stays immutable and the person becomes unreadable.
 */
export const sealedSchema = z.object({
  /** The data subject whose key sealed this (a user id, or `email:<hash>` for approved emails). */
  subject: z.string().min(1),
  iv: z.string(),
  data: z.string(),
  tag: z.string(),
});
export type Sealed = z.infer<typeof sealedSchema>;

export const userPersonalDataSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  gender: z.string().nullable(),
  birthday: z.string().nullable(),
});
export type UserPersonalData = z.infer<typeof userPersonalDataSchema>;
