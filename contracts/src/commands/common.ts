import { z } from 'zod';

/** A required text: trimmed, not blank, bounded. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${String(max)} characters`);

/** An optional text: trimmed; blank becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${String(max)} characters`)
    .nullish()
    .transform((s) => (s ? s : null));

export const idSchema = (label: string) => z.uuid({ error: `${label} must be a valid id` });

/** Multipart forms send every field as text; these read them as their real types. */
export const formInteger = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`),
  );

export const formBoolean = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' || v === '' ? false : v),
  z.boolean(),
);

/** A list sent as repeated form fields, a JSON array text, or a JSON array. */
export const formList = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => {
    if (v === undefined || v === null || v === '') return [];
    if (typeof v === 'string') {
      const text = v.trim();
      if (text.startsWith('[')) {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return v;
        }
      }
      return [text];
    }
    return v;
  }, z.array(item));

/** An http(s) URL, or null when blank (rules: stored as null if blank). */
export const optionalHttpUrl = z
  .string()
  .trim()
  .nullish()
  .transform((s) => (s ? s : null))
  .refine((s) => s === null || /^https?:\/\/[^\s]+$/i.test(s), 'Redirect URL must be a valid URL')
  .refine((s) => {
    if (s === null) return true;
    try {
      new URL(s);
      return true;
    } catch {
      return false;
    }
  }, 'Redirect URL must be a valid URL');
