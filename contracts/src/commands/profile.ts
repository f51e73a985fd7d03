import { z } from 'zod';
import { CAUSES, MAX_TEXT_LENGTH } from '../domain/constants';
import { PHONE_PATTERN } from '../domain/registration';
import { texts } from '../texts';
import { requiredText } from './common';

/** PUT /api/users/{id}: the owner's profile edit. An `email` is ignored (it is the identity). */
export const updateProfileSchema = z
  .object({
    name: z.string().trim().optional(),
    first_name: requiredText('First name', MAX_TEXT_LENGTH.short).optional(),
    last_name: requiredText('Last name', MAX_TEXT_LENGTH.short).optional(),
    phone: z.string().trim().regex(PHONE_PATTERN, texts.register.invalidPhone).optional(),
    bio: z
      .string()
      .trim()
      .max(MAX_TEXT_LENGTH.bio, `Bio must be at most ${String(MAX_TEXT_LENGTH.bio)} characters`)
      .nullable()
      .optional()
      .transform((s) => (s === '' ? null : s)),
    interests: z.array(z.enum(CAUSES, { error: 'Unknown passion' })).optional(),
    profile_image: z
      .string()
      .trim()
      .max(2_000)
      .refine(
        (s) => s.startsWith('/files/') || /^https?:\/\//.test(s),
        'Profile image must be an uploaded file URL',
      )
      .nullable()
      .optional(),
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
    .max(254, 'Please enter a valid email address')
    .transform((s) => s.toLowerCase()),
});

/** Server messages of the profile commands. */
export const profileMessages = {
  onlyOwner: 'Only the owner of a profile can edit it.',
} as const;
