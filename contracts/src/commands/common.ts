import { z } from 'zod';
import { TEXT_LIMITS } from '../domain/limits';

/** Control characters (C0, DEL, C1): Postgres text cannot hold NUL, and none belongs in a field. */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** The same, with the tab and line breaks a multi-line text may hold. */
const CONTROL_CHARACTER_EXCEPT_LINES = /(?![\t\n\r])\p{Cc}/u;
/** An unpaired surrogate (with the u flag a pair is one code point): not text Postgres can store. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

const textMessages = {
  tooLong: (label: string, max: number) => `${label} must be at most ${String(max)} characters`,
  control: (label: string) => `${label} must not contain control characters`,
  notText: (label: string) => `${label} must be valid text`,
  required: (label: string) => `${label} is required`,
} as const;

/** False when `text` holds a character no field may hold (line breaks only when multi-line). */
export const isStorableText = (text: string, multiLine = false): boolean =>
  !(multiLine ? CONTROL_CHARACTER_EXCEPT_LINES : CONTROL_CHARACTER).test(text) &&
  !LONE_SURROGATE.test(text);

const boundedText = (
  label: string,
  max: number,
  multiLine: boolean,
  typeError = `${label} must be text`,
) =>
  z
    .string({ error: typeError })
    .trim()
    .max(max, textMessages.tooLong(label, max))
    .refine(
      (s) => !(multiLine ? CONTROL_CHARACTER_EXCEPT_LINES : CONTROL_CHARACTER).test(s),
      textMessages.control(label),
    )
    .refine((s) => !LONE_SURROGATE.test(s), textMessages.notText(label));

/** A one-line text (names, phone, email, tags): trimmed, bounded, no control character at all. */
export const singleLineText = (label: string, max: number) => boundedText(label, max, false);

/** A text of several lines (descriptions, bios, announcements): tabs and line breaks allowed. */
export const multiLineText = (label: string, max: number) => boundedText(label, max, true);

/** A required text: trimmed, not blank, bounded, no control characters (but line breaks if multi-line). */
export const requiredText = (label: string, max: number, options: { multiLine?: boolean } = {}) =>
  boundedText(label, max, options.multiLine ?? false, textMessages.required(label)).min(
    1,
    textMessages.required(label),
  );

/** An optional text: trimmed and bounded as `requiredText`; blank or absent becomes null. */
export const optionalText = (label: string, max: number, options: { multiLine?: boolean } = {}) =>
  boundedText(label, max, options.multiLine ?? false)
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

/**
 * A list sent as repeated form fields, a JSON array text, or a JSON array. `max` caps the array
 * itself (not a refinement), so schema walkers such as the boundary tests can read the limit.
 */
export const formList = <T extends z.ZodType>(
  item: T,
  max?: { readonly items: number; readonly message: string },
) => {
  const list = max ? z.array(item).max(max.items, max.message) : z.array(item);
  return z.preprocess((v) => {
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
  }, list);
};

/** An http(s) URL, or null when blank (rules: stored as null if blank). */
export const optionalHttpUrl = singleLineText('Redirect URL', TEXT_LIMITS.url)
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

/** An image: an uploaded file's URL (`/files/...`) or an http(s) URL; null when absent. */
export const imageUrlText = (label: string) =>
  singleLineText(label, TEXT_LIMITS.url).refine(
    (s) => s.startsWith('/files/') || /^https?:\/\//.test(s),
    `${label} must be an uploaded file URL`,
  );
