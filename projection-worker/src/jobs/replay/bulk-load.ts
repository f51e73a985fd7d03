import type { GlobalPosition } from '@campus/contracts';
import type { Pool, PoolClient } from '@campus/infra';
import { SHADOW_SCHEMA, withReadTransaction } from '@campus/read-model';
import { writeCheckpoints } from '../../projector/checkpoints';
import type { BulkFold } from '../../projections/bulk';

/** A folded projection waiting to be written: its name, its fold and the tables it fills. */
export type PendingBulk = {
  readonly name: string;
  readonly fold: BulkFold;
  readonly loads: readonly string[];
};

/**
 * An index of a loaded table: the statement that drops it, the one that builds it, and for a
 * primary key or unique constraint the one that makes the built index the constraint again.
 */
type IndexDefinition = { readonly drop: string; readonly create: string; readonly attach?: string };

/**
 * The primary keys, unique constraints and indexes of `tables` in the shadow (check constraints
 * stay: they cost little). A key's index is built by CREATE UNIQUE INDEX under the constraint's
 * name and attached with ADD CONSTRAINT ... USING INDEX (no second build): CREATE INDEX takes a
 * lock that other CREATE INDEX on the same table share, where ADD CONSTRAINT with its own build
 * would hold the table alone, so the indexes of one table can be built side by side.
 */
const indexesOf = async (
  client: PoolClient,
  tables: readonly string[],
): Promise<IndexDefinition[]> => {
  const { rows } = await client.query<{
    table_name: string;
    index_name: string;
    constraint_name: string | null;
    primary_key: boolean;
    definition: string;
  }>(
    `SELECT t.relname AS table_name, i.relname AS index_name, c.conname AS constraint_name,
            c.contype = 'p' AS primary_key, pg_get_indexdef(x.indexrelid) AS definition
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.contype IN ('p', 'u')
      WHERE n.nspname = $1 AND t.relname = ANY($2::text[])
      ORDER BY t.relname, i.relname`,
    [SHADOW_SCHEMA, tables],
  );
  return rows.map((r) => {
    const table = `${SHADOW_SCHEMA}.${client.escapeIdentifier(r.table_name)}`;
    const index = `${SHADOW_SCHEMA}.${client.escapeIdentifier(r.index_name)}`;
    if (r.constraint_name === null) {
      return { drop: `DROP INDEX ${index}`, create: r.definition };
    }
    const name = client.escapeIdentifier(r.constraint_name);
    return {
      drop: `ALTER TABLE ${table} DROP CONSTRAINT ${name}`,
      // The constraint's index carries the constraint's name (PostgreSQL names it so).
      create: r.definition,
      attach: `ALTER TABLE ${table} ADD CONSTRAINT ${name} ${r.primary_key ? 'PRIMARY KEY' : 'UNIQUE'} USING INDEX ${client.escapeIdentifier(r.index_name)}`,
    };
  });
};

/**
 * Runs `work` on one connection whose statements write the shadow and commit one by one: a write
 * transaction open for long would hold back every event-store subscriber on the server (positions
 * settle only once older transactions end), and nobody reads the shadow before the swap.
 */
const withShadowSession = async (pool: Pool, work: (client: PoolClient) => Promise<void>) => {
  const client = await pool.connect();
  let broken = true;
  try {
    await client.query(
      `SET search_path TO ${SHADOW_SCHEMA}; SET synchronous_commit = off; SET maintenance_work_mem = '256MB'`,
    );
    await work(client);
    await client.query('RESET search_path; RESET synchronous_commit; RESET maintenance_work_mem');
    broken = false;
  } finally {
    client.release(broken);
  }
};

/**
 * Writes one folded projection into its empty shadow tables, then its checkpoint at `reached`:
 * the tables' keys and indexes are dropped, the rows inserted in big statements, and the keys and
 * indexes built again once over the whole table (far cheaper than row by row), each on a
 * connection of its own so that they are built side by side. Each statement commits on its own;
 * a replay that fails before the swap discards the shadow.
 */
export const writeBulk = async (
  pool: Pool,
  pending: PendingBulk,
  reached: GlobalPosition,
): Promise<void> => {
  let indexes: IndexDefinition[] = [];
  await withShadowSession(pool, async (client) => {
    indexes = await indexesOf(client, pending.loads);
    for (const { drop } of indexes) await client.query(drop);
    await pending.fold.write(client);
  });
  // After the rows' connection is back in the pool: a build never waits for a connection while
  // holding one.
  const built = await Promise.allSettled(
    indexes.map(({ create, attach }) =>
      withShadowSession(pool, async (client) => {
        await client.query(create);
        if (attach) await client.query(attach);
      }),
    ),
  );
  for (const result of built) if (result.status === 'rejected') throw result.reason;
  await withReadTransaction(pool, SHADOW_SCHEMA, (client) =>
    writeCheckpoints(client, [pending.name], reached),
  );
};
