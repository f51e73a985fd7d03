import { z } from 'zod';
import { DEFAULT_LAUNCH_DATE } from './constants';

const emailList = z
  .string()
  .default('')
  .transform((text) =>
    text
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email()));

/** CHECK_IN_SECRET outside production only (a production configuration refuses it). */
const DEVELOPMENT_CHECK_IN_SECRET = 'development-check-in-secret';
/** CALENDAR_FEED_SECRET outside production only (a production configuration refuses it). */
const DEVELOPMENT_CALENDAR_FEED_SECRET = 'development-calendar-feed-secret';

/** MAIL_LINK_SECRET outside production only (a production configuration refuses it). */
const DEVELOPMENT_MAIL_LINK_SECRET = 'development-mail-link-secret';

/**
 * Every secret with a development default, and that default: a production configuration refuses
 * each of them left at (or set back to) its published value. A new secret setting belongs here.
 */
export const DEVELOPMENT_SECRETS = {
  CHECK_IN_SECRET: DEVELOPMENT_CHECK_IN_SECRET,
  CALENDAR_FEED_SECRET: DEVELOPMENT_CALENDAR_FEED_SECRET,
  MAIL_LINK_SECRET: DEVELOPMENT_MAIL_LINK_SECRET,
} as const;

/** Product configuration shared by the services, parsed from the environment at start-up. */
export const productConfigSchema = z.object({
  UNIVERSITY_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain such as university.edu')
    .default('university.edu')
    .transform((d) => d.toLowerCase()),
  SUPPORT_EMAIL: z.email().default('support@university.edu'),
  /** The first day points count (the first monthly board starts here). */
  LAUNCH_DATE: z.iso.date().default(DEFAULT_LAUNCH_DATE),
  /** Emails that are admins when they register. */
  ADMIN_EMAILS: emailList,
  /** Non-production only: shifts the clock so journeys can reach "inside 7 hours" or "started". */
  CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
  /** Signs the check-in QR codes (HMAC); at least 16 characters. Set your own in production. */
  CHECK_IN_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .default(DEVELOPMENT_CHECK_IN_SECRET),
  /** Signs the students' private calendar links (HMAC); at least 16 characters. Set your own in production. */
  CALENDAR_FEED_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .default(DEVELOPMENT_CALENDAR_FEED_SECRET),
  /** Signs the unsubscribe links of every mail (HMAC); at least 16 characters. Set your own in production. */
  MAIL_LINK_SECRET: z
    .string()
    .min(16, 'must be at least 16 characters')
    .default(DEVELOPMENT_MAIL_LINK_SECRET),
});
export type ProductConfig = z.infer<typeof productConfigSchema>;

/** What the browser may know of the configuration (GET /api/config). */
export const publicConfigSchema = z.object({
  universityDomain: z.string(),
  supportEmail: z.string(),
  launchDate: z.string(),
  /** The server clock's now, so the UI's time rules agree with the server's. */
  now: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const isUniversityEmail = (email: string, domain: string): boolean =>
  email.trim().toLowerCase().endsWith(`@${domain.toLowerCase()}`);
