import { TIME_ZONE } from '@campus/contracts';

/** '2025-10-03' (a calendar date) -> 'Oct 3, 2025' (US English). */
export const formatCalendarDate = (date: string): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

/** An instant in Eastern time: 'Oct 3, 2025, 2:05 PM'. */
export const formatEasternInstant = (iso: string): string =>
  new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: TIME_ZONE,
  }).format(new Date(iso));
