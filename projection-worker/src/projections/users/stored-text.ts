import { TEXT_LIMITS } from '@campus/contracts';

const NUL = /\0/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as Postgres can store it: no NUL (text refuses it) and no unpaired surrogate (json refuses
 * it), each replaced rather than failing the row. Events written before the commands refused them
 * may hold either. Answers whether anything changed, for the log line.
 */
export const storableText = (value: string): { text: string; changed: boolean } => {
  const text = value.replace(NUL, '').replace(LONE_SURROGATE, '\uFFFD');
  return { text, changed: text !== value };
};

/**
 * A person's name part within the command's limit, which keeps read.users' name index entry far
 * below Postgres' index row limit; older events may hold longer names. Never splits a surrogate pair.
 */
export const storableName = (value: string): { text: string; changed: boolean } => {
  const stored = storableText(value);
  if (stored.text.length <= TEXT_LIMITS.personName) return stored;
  let text = stored.text.slice(0, TEXT_LIMITS.personName);
  if (/[\uD800-\uDBFF]$/.test(text)) text = text.slice(0, -1);
  return { text, changed: true };
};

type Clamp = (value: string) => { text: string; changed: boolean };

/** Collects which fields were clamped (names only, never values) for one warning per event. */
export const clampLog = () => {
  const fields: string[] = [];
  function keep(field: string, value: string, clamp?: Clamp): string;
  function keep(field: string, value: string | null, clamp?: Clamp): string | null;
  function keep(field: string, value: string | null, clamp: Clamp = storableText) {
    if (value === null) return value;
    const { text, changed } = clamp(value);
    if (changed && !fields.includes(field)) fields.push(field);
    return text;
  }
  return { fields, keep };
};
