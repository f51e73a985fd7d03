import { TZDate } from '@date-fns/tz';
import { TIME_ZONE } from './constants';

/**
 * The one date/time module. Opportunity dates and times are Eastern local time; instants are UTC.
 * Conversions use real time-zone rules (date-fns + @date-fns/tz), so daylight saving is right.
 */
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** The last year a date may name: an instant in year 10000 has no ISO form the read model stores. */
const LAST_DATE_YEAR = 9998;

export const isValidDate = (date: string): boolean => {
  const m = DATE_PATTERN.exec(date);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y > LAST_DATE_YEAR) return false;
  const probe = new Date(Date.UTC(y, mo - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
};
export const isValidTime = (time: string): boolean => TIME_PATTERN.test(time);

/** 'HH:MM' from 'HH:MM' or 'HH:MM:SS'. */
export const normalizeTime = (time: string): string => time.slice(0, 5);

/** The UTC instant of an Eastern local date ('YYYY-MM-DD') and time ('HH:MM[:SS]'). */
export const easternToInstant = (date: string, time: string): Date => {
  const dm = DATE_PATTERN.exec(date);
  const tm = TIME_PATTERN.exec(time);
  if (!dm || !tm) throw new RangeError(`Not an Eastern date and time: ${date} ${time}`);
  const local = new TZDate(
    Number(dm[1]),
    Number(dm[2]) - 1,
    Number(dm[3]),
    Number(tm[1]),
    Number(tm[2]),
    Number(tm[3] ?? 0),
    TIME_ZONE,
  );
  return new Date(local.getTime());
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The Eastern local date ('YYYY-MM-DD') and time ('HH:MM') of an instant. */
export const instantToEastern = (instant: Date): { date: string; time: string } => {
  const local = new TZDate(instant.getTime(), TIME_ZONE);
  return {
    date: `${String(local.getFullYear())}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
};

/** Today's date in Eastern time. */
export const easternToday = (now: Date): string => instantToEastern(now).date;

/** 'YYYY-MM' of an Eastern date. */
export const monthOf = (date: string): string => date.slice(0, 7);

/** Splits 'YYYY-MM-DDTHH:MM' (Eastern local) into date and time; null when it is not that form. */
export const splitLocalDateTime = (value: string): { date: string; time: string } | null => {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)$/.exec(value);
  if (!m?.[1] || !m[2] || !isValidDate(m[1]) || !isValidTime(m[2])) return null;
  return { date: m[1], time: normalizeTime(m[2]) };
};
