import { serviceHoursTexts } from '@campus/contracts';

/** A calendar date 'YYYY-MM-DD' in US English: 'Mar 10, 2026' (read at noon UTC: no day shift). */
export const formatCalendarDate = (date: string): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

/** A log's organization: its name, and whether it is outside the platform. */
export const organizationLabel = (log: { organization_name: string; outside: boolean }): string =>
  log.outside
    ? `${log.organization_name} ${serviceHoursTexts.outsideSuffix}`
    : log.organization_name;

/**
 * A log's photo as a link and image source: only an uploaded file or an http(s) address, as the
 * command accepts (anything else is not shown).
 */
export const safePhotoUrl = (photo: string | null): string | null =>
  photo !== null && /^(\/files\/|https?:\/\/)/i.test(photo) ? photo : null;
