/** Profile hours as the server rounds them (one decimal), always with their decimal: '2.0'. */
export const formatHours = (hours: number): string => (Math.round(hours * 10) / 10).toFixed(1);

/** 'YYYY-MM-DD' (a calendar date, no time) as noon UTC, so formatting in UTC never shifts the day. */
const calendarDate = (date: string): Date => new Date(`${date}T12:00:00Z`);

/** '2025-10-03' -> 'Oct 3, 2025' (US English). */
export const formatCalendarDate = (date: string): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    calendarDate(date),
  );

/** '2025-10' -> 'Oct 2025' */
export const formatShortMonth = (month: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    calendarDate(`${month}-01`),
  );

/** +60, -5, 0 */
export const formatChange = (change: number): string =>
  change > 0 ? `+${change}` : String(change);
