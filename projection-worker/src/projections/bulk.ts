import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { PoolClient } from '@campus/infra';
export type { BulkFold, BulkFoldFactory } from '../projector/projection';

/** Rows encoded into one chunk of the COPY stream: big enough to amortise a write, small to hold. */
const COPY_CHUNK = 5_000;

/**
 * A column of a bulk insert: its name, its Postgres type (what its text must parse as), and the
 * row's value for it.
 */
export type BulkColumn<R> = readonly [name: string, type: string, value: (row: R) => unknown];

/** The characters COPY's text format gives a meaning to, each with its escape. */
const COPY_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};
const COPY_SPECIAL = /[\\\n\r\t]/g;
const NEEDS_ESCAPE = /[\\\n\r\t]/;

/**
 * One value in COPY's text format, read by the column's own input function as a parameter of
 * that type would be: `\N` for null, `t`/`f`, numbers and text as they are (text escaped).
 */
export const copyValue = (value: unknown): string => {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'string') {
    return NEEDS_ESCAPE.test(value)
      ? value.replace(COPY_SPECIAL, (c) => COPY_ESCAPES[c] ?? c)
      : value;
  }
  throw new TypeError(`no COPY text for a ${typeof value}`);
};

/** Rows `start` to `end` of `rows` as lines of COPY's text format. */
const copyLines = <R>(
  columns: readonly BulkColumn<R>[],
  rows: readonly R[],
  start: number,
  end: number,
): string => {
  let text = '';
  for (let i = start; i < end; i++) {
    const row = rows[i] as R;
    let line = '';
    for (let c = 0; c < columns.length; c++) {
      if (c) line += '\t';
      line += copyValue((columns[c] as BulkColumn<R>)[2](row));
    }
    text += `${line}\n`;
  }
  return text;
};

/**
 * Inserts `rows` into `table` with one COPY (no conflict handling: the table is empty and the
 * rows are unique). Rows go in in the given order, so identity columns number them as the batch
 * path would. Text is encoded a chunk at a time while the stream drains. The server parses each
 * value with its column's input function, as it would a parameter of that type.
 */
export const insertRows = async <R>(
  client: PoolClient,
  table: string,
  columns: readonly BulkColumn<R>[],
  rows: readonly R[],
): Promise<void> => {
  if (!rows.length) return;
  const names = columns.map(([name]) => name).join(', ');
  const stream = client.query(copyFrom(`COPY ${table} (${names}) FROM STDIN`));
  function* chunks() {
    for (let start = 0; start < rows.length; start += COPY_CHUNK) {
      yield copyLines(columns, rows, start, Math.min(rows.length, start + COPY_CHUNK));
    }
  }
  await pipeline(Readable.from(chunks(), { objectMode: false }), stream);
};
