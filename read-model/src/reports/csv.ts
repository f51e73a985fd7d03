import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';

/** A cell a spreadsheet would run as a formula starts with one of these (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Prefixes a cell that would start a formula with a single quote, so it shows as text. */
export const escapeFormula = (cell: string): string =>
  FORMULA_START.test(cell) ? `'${cell}` : cell;

/**
 * Writes a header and `rows` as RFC 4180 CSV to `out` (csv-stringify quotes commas, quotes and
 * line breaks), every text cell escaped against formula injection. Booleans are true/false.
 */
export const writeCsv = async (
  columns: readonly string[],
  rows: AsyncIterable<readonly unknown[]>,
  out: Writable,
): Promise<void> => {
  await pipeline(
    Readable.from(rows),
    stringify({
      header: true,
      columns: [...columns],
      cast: {
        string: (value, context) => (context.header ? value : escapeFormula(value)),
        boolean: (value) => (value ? 'true' : 'false'),
      },
    }),
    out,
  );
};
