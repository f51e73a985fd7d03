import { z } from 'zod';
import { CAUSES } from '../domain/constants';
import { PHONE_MAX_DIGITS, TEXT_LIMITS } from '../domain/limits';
import { PHONE_PATTERN } from '../domain/registration';
import { texts } from '../texts';
import {
  imageUrlText,
  isStorableText,
  multiLineText,
  requiredText,
  singleLineText,
} from './common';

/** Digits only (the product's text when not), 10 to 20 of them; shared with registration. */
export const phoneSchema = z
  .string({ error: texts.register.invalidPhone })
  .trim()
  .regex(PHONE_PATTERN, texts.register.invalidPhone)
  .max(PHONE_MAX_DIGITS, texts.register.phoneTooLong);

/** PUT /api/users/{id}: the owner's profile edit. An `email` is ignored (it is the identity). */
export const updateProfileSchema = z
  .object({
    name: singleLineText('Name', TEXT_LIMITS.fullName).optional(),
    first_name: requiredText('First name', TEXT_LIMITS.personName).optional(),
    last_name: requiredText('Last name', TEXT_LIMITS.personName).optional(),
    phone: phoneSchema.optional(),
    bio: multiLineText('Bio', TEXT_LIMITS.bio)
      .nullable()
      .optional()
      .transform((s) => (s === '' ? null : s)),
    interests: z
      .array(z.enum(CAUSES, { error: 'Unknown passion' }))
      .max(CAUSES.length * 4)
      .optional(),
    profile_image: imageUrlText('Profile image').nullable().optional(),
  })
  .transform((body) => {
    let firstName = body.first_name;
    let lastName = body.last_name;
    if (firstName === undefined && lastName === undefined && body.name) {
      const [head = '', ...rest] = body.name.split(/\s+/);
      firstName = head;
      lastName = rest.join(' ') || undefined;
    }
    return {
      ...(firstName !== undefined ? { firstName } : {}),
      ...(lastName !== undefined ? { lastName } : {}),
      ...(body.phone !== undefined ? { phone: body.phone } : {}),
      ...(body.bio !== undefined ? { bio: body.bio } : {}),
      ...(body.profile_image !== undefined ? { profileImage: body.profile_image } : {}),
      ...(body.interests !== undefined ? { interests: [...new Set(body.interests)] } : {}),
    };
  });
export type UpdateProfile = z.output<typeof updateProfileSchema>;

/** POST /api/approved-emails (admin). */
export const addApprovedEmailSchema = z.object({
  email: z
    .string({ error: 'Please enter an email address' })
    .trim()
    .min(1, { error: 'Please enter an email address', abort: true })
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Please enter a valid email address')
    .max(TEXT_LIMITS.email, 'Please enter a valid email address')
    .refine((s) => isStorableText(s), 'Email must not contain control characters')
    .transform((s) => s.toLowerCase()),
});

/** Server messages of the profile commands. */
export const profileMessages = {
  onlyOwner: 'Only the owner of a profile can edit it.',
} as const;
