import type { PoolClient } from '@campus/infra';
export type { BulkFold, BulkFoldFactory } from '../projector/projection';

/** Rows a statement inserts at most: big enough to amortise a round trip, small enough to build. */
const BULK_CHUNK = 20_000;

/** A column of a bulk insert: its name, its Postgres type, and the row's value for it. */
export type BulkColumn<R> = readonly [name: string, type: string, value: (row: R) => unknown];

/**
 * Inserts `rows` into `table` in statements of BULK_CHUNK rows, each expanding one array per
 * column with unnest (no conflict handling: the table is empty and the rows are unique). Rows go
 * in in the given order (each array's position, ORDER BY: nothing left to the plan), so identity
 * columns number them as the batch path would.
 */
export const insertRows = async <R>(
  client: PoolClient,
  table: string,
  columns: readonly BulkColumn<R>[],
  rows: readonly R[],
): Promise<void> => {
  const names = columns.map(([name]) => name).join(', ');
  const values = columns.map(([name]) => `r.${name}`).join(', ');
  const arrays = columns.map(([, type], i) => `$${String(i + 1)}::${type}[]`).join(', ');
  const sql = `INSERT INTO ${table} (${names}) SELECT ${values}
    FROM unnest(${arrays}) WITH ORDINALITY AS r(${names}, bulk_position) ORDER BY r.bulk_position`;
  for (let start = 0; start < rows.length; start += BULK_CHUNK) {
    const chunk = rows.slice(start, start + BULK_CHUNK);
    await client.query(
      sql,
      columns.map(([, , value]) => chunk.map(value)),
    );
  }
};
