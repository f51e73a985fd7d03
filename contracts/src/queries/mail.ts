import { z } from 'zod';
import { mailTopicSchema } from '../events/mail';

/** Which kinds of mail a person gets (true) or turned off (false). */
export const mailPreferencesSchema = z.object({
  reminders: z.boolean(),
  waitlist: z.boolean(),
  friend_requests: z.boolean(),
  service_hours: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

/** The answer of an unsubscribe link: the kind of mail now turned off. */
export const unsubscribeResultSchema = z.object({ topic: mailTopicSchema, off: z.literal(true) });
export type UnsubscribeResult = z.infer<typeof unsubscribeResultSchema>;
