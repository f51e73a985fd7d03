import { z } from 'zod';

/** PUT /api/users/:id/mail-preferences: the kinds of mail to turn on (true) or off (false). */
export const updateMailPreferencesSchema = z
  .strictObject({
    reminders: z.boolean(),
    waitlist: z.boolean(),
    friend_requests: z.boolean(),
    service_hours: z.boolean(),
  })
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, {
    message: 'name at least one kind of mail',
  });
export type UpdateMailPreferences = z.infer<typeof updateMailPreferencesSchema>;
