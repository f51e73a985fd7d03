import type { Pool } from '@campus/infra';

/** Columns that say when a row was written, not what it holds: a rebuild differs in them only. */
const VOLATILE: Record<string, readonly string[]> = {
  checkpoints: ['updated_at'],
  dead_letters: ['failed_at'],
};

/**
 * Every row of every table of the `read` schema (as JSON text, sorted), minus the write-time
 * columns: two read models holding the same facts give equal snapshots.
 */
export const snapshotEveryTable = async (pool: Pool): Promise<Record<string, string[]>> => {
  const { rows: tables } = await pool.query<{ relname: string }>(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'read' AND c.relkind = 'r' ORDER BY c.relname`,
  );
  const out: Record<string, string[]> = {};
  for (const { relname } of tables) {
    const { rows } = await pool.query<Record<string, unknown>>(`SELECT * FROM read."${relname}"`);
    const volatile = VOLATILE[relname] ?? [];
    out[relname] = rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(Object.entries(row).filter(([c]) => !volatile.includes(c))),
        ),
      )
      .sort();
  }
  return out;
};
