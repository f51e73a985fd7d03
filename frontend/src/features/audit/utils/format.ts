import { TIME_ZONE } from '@campus/contracts';

/** An instant in Eastern time, US English: 'Mar 10, 2026, 4:00 PM'. */
export const formatEasternInstant = (iso: string): string =>
  new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));

/** +60, -5, 0 */
export const formatChange = (change: number): string =>
  change > 0 ? `+${change}` : String(change);

/** A calendar date 'YYYY-MM-DD' in US English: 'Mar 10, 2026' (read at noon UTC: no day shift). */
export const formatCalendarDate = (date: string): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
