import { TIME_ZONE, endsAt, instantToEastern } from '@campus/contracts';

/** Display formats of dates and times (the opportunity screens, the host tools): US English, Eastern time. */
const longDate = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});
const shortDate = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const clockTime = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

const toDate = (instant: string | Date) =>
  typeof instant === 'string' ? new Date(instant) : instant;

/** 'Friday, October 3, 2025' */
export const formatLongDate = (instant: string | Date): string => longDate.format(toDate(instant));

/** 'Fri, Oct 3, 2025' */
export const formatShortDate = (instant: string | Date): string =>
  shortDate.format(toDate(instant));

/** '2:30 PM' in Eastern time. */
export const formatTime = (instant: string | Date): string => clockTime.format(toDate(instant));

/** '11:30 AM – 12:30 PM'; an end on a later Eastern day says so ('11:00 PM – 1:00 AM (next day)'). */
export const formatTimeRange = (startsAt: string, durationMinutes: number): string => {
  const end = endsAt(startsAt, durationMinutes);
  const days = dayNumber(end) - dayNumber(new Date(startsAt));
  const suffix = days === 1 ? ' (next day)' : days > 1 ? ` (+${String(days)} days)` : '';
  return `${formatTime(startsAt)} – ${formatTime(end)}${suffix}`;
};

/** Days since the epoch of the instant's Eastern calendar date. */
const dayNumber = (instant: Date): number =>
  Date.parse(instantToEastern(instant).date) / 86_400_000;
