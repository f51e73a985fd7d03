/** 'YYYY-MM-DD' (a calendar date, no time) as noon UTC, so formatting in UTC never shifts the day. */
const calendarDate = (date: string): Date => new Date(`${date}T12:00:00Z`);

/** '2025-10' -> 'October 2025' */
export const formatBoardMonth = (month: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    calendarDate(`${month}-01`),
  );

/** '2025-09-16' -> 'Sep 16, 2025' */
export const formatBoardDate = (date: string): string =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    calendarDate(date),
  );
