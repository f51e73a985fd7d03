import { easternToday, isValidDate } from '@campus/contracts';

/** 'YYYY-MM-DD' `months` calendar months earlier (the day clamped to the shorter month's end). */
export const monthsBefore = (date: string, months: number): string => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
};

/** The service data range's defaults: two months ago to today, Eastern. */
export const defaultServiceRange = (now: Date): { start: string; end: string } => {
  const end = easternToday(now);
  return { start: monthsBefore(end, 2), end };
};

/** Both ends are dates and the end is not before the start. */
export const isValidRange = (start: string, end: string): boolean =>
  isValidDate(start) && isValidDate(end) && start <= end;
