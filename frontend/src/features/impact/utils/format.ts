import { isValidDate } from '@campus/contracts';

/** Figures of the impact dashboard as its cards, tables and charts show them (US English). */

const wholeNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const calendarDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** 12345 -> '12,345' */
export const formatCount = (value: number): string => wholeNumber.format(value);

/** Minutes as hours to one decimal, as impactTexts rounds them: 95 -> 1.6. */
export const hoursOf = (minutes: number): number => Math.round(minutes / 6) / 10;

/** Minutes as the tables' hours: 75_000 -> '1,250' and 95 -> '1.6'. */
export const formatHours = (minutes: number): string => oneDecimal.format(hoursOf(minutes));

/**
 * A calendar date 'YYYY-MM-DD' in US English: 'Mar 10, 2026' (read at noon UTC: no day shift);
 * anything else as it came.
 */
export const formatCalendarDate = (date: string): string =>
  isValidDate(date) ? calendarDate.format(new Date(`${date}T12:00:00Z`)) : date;
