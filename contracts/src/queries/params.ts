import { z } from 'zod';
import { isValidDate } from '../domain/time';

/** Query-string pieces shared by the read routes. Every value arrives as text. */

/** An Eastern calendar date, 'YYYY-MM-DD'. */
export const dateParam = z.string().trim().refine(isValidDate, 'Must be a date (YYYY-MM-DD)');

/** A calendar month, 'YYYY-MM'. */
export const monthParam = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be a month (YYYY-MM)');

/** A search text: trimmed, bounded. */
export const searchTextParam = z.string().trim().max(100, 'Must be at most 100 characters');

/** 'true' or 'false' (also 1/0). */
export const booleanParam = z
  .enum(['true', 'false', '1', '0'], { error: 'Must be true or false' })
  .transform((v) => v === 'true' || v === '1');

/** A whole number in [min, max]. */
export const integerParam = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'Must be a whole number')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `Must be at least ${String(min)}`)
        .max(max, `Must be at most ${String(max)}`),
    );
