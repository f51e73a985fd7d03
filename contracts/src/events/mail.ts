import { z } from 'zod';

/** The kinds of mail a person may turn off (docs/mail.md), in the order the profile lists them. */
export const MAIL_TOPICS = ['reminders', 'waitlist', 'friend_requests', 'service_hours'] as const;
export const mailTopicSchema = z.enum(MAIL_TOPICS);
export type MailTopic = z.infer<typeof mailTopicSchema>;

/** Each person's mail preferences live on a stream of their own (no clash with profile edits). */
export const toMailPreferencesStreamId = (userId: string) => `mail-preferences-${userId}`;

/**
 * A person turned kinds of mail off or back on, in their profile or through a mail's unsubscribe
 * link. `off` is the whole set turned off after the change, so the latest event alone says it.
 */
export const mailPreferencesChangedSchema = z.object({
  v: z.literal(1),
  userId: z.uuid(),
  off: z.array(mailTopicSchema).max(MAIL_TOPICS.length),
  via: z.enum(['profile', 'unsubscribe_link']),
  at: z.iso.datetime(),
});
export type MailPreferencesChanged = z.infer<typeof mailPreferencesChangedSchema>;
