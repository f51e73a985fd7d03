import { formatPosition, START_POSITION, type GlobalPosition } from '@campus/contracts';
import type { Pool, PoolClient } from '@campus/infra';
import { LIVE_SCHEMA, withReadTransaction, type ReadSchema } from './read-schema';

export const VISIBLE_CHANNEL = 'read_visible';

type CheckpointRow = { txn: string; seq: string };

export type CheckpointState = { committed: GlobalPosition; visible: GlobalPosition };

/** The committed and visible positions of each projection, read in the caller's transaction. */
export const checkpointStatesIn = async (
  client: PoolClient,
  projections: readonly string[],
): Promise<Map<string, CheckpointState>> => {
  const { rows } = await client.query<
    CheckpointRow & { projection: string; vtxn: string; vseq: string }
  >(
    `SELECT projection, txn, seq, visible_txn AS vtxn, visible_seq AS vseq
       FROM checkpoints WHERE projection = ANY($1::text[])`,
    [projections],
  );
  return new Map(
    rows.map((r) => [
      r.projection,
      {
        committed: { txn: BigInt(r.txn), seq: BigInt(r.seq) },
        visible: { txn: BigInt(r.vtxn), seq: BigInt(r.vseq) },
      },
    ]),
  );
};

/** The committed and the visible (boards written too) position of each projection, when stored. */
export const readCheckpointStates = (
  pool: Pool,
  projections: readonly string[],
  schema: ReadSchema = LIVE_SCHEMA,
): Promise<Map<string, CheckpointState>> =>
  withReadTransaction(pool, schema, (client) => checkpointStatesIn(client, projections));

/** One projection's committed position (START_POSITION when it never ran). */
export const readCheckpoint = async (
  pool: Pool,
  projection: string,
  schema: ReadSchema = LIVE_SCHEMA,
): Promise<GlobalPosition> =>
  (await readCheckpointStates(pool, [projection], schema)).get(projection)?.committed ??
  START_POSITION;

/**
 * Written in the batch's transaction, so rows and checkpoint commit together. Never moves a
 * checkpoint back: a projection that is ahead of the batch (it skipped the batch's events) keeps its own.
 */
export const writeCheckpoints = async (
  client: PoolClient,
  projections: readonly string[],
  position: GlobalPosition,
) => {
  await client.query(
    `INSERT INTO checkpoints AS c (projection, txn, seq, updated_at)
       SELECT unnest($1::text[]), $2, $3, now()
     ON CONFLICT (projection) DO UPDATE SET txn = EXCLUDED.txn, seq = EXCLUDED.seq, updated_at = now()
      WHERE (c.txn, c.seq) < (EXCLUDED.txn, EXCLUDED.seq)`,
    [projections, position.txn.toString(), position.seq.toString()],
  );
};

/**
 * After the batch's Redis writes: reads may now rely on it (read-your-writes). Never moves back.
 * Only the live schema wakes the query services (a shadow is not read until it is swapped in).
 */
export const markVisible = async (
  pool: Pool,
  projections: readonly string[],
  position: GlobalPosition,
  schema: ReadSchema = LIVE_SCHEMA,
) => {
  await withReadTransaction(pool, schema, async (client) => {
    await client.query(
      `UPDATE checkpoints SET visible_txn = $2, visible_seq = $3
        WHERE projection = ANY($1::text[]) AND (visible_txn, visible_seq) < ($2, $3)`,
      [projections, position.txn.toString(), position.seq.toString()],
    );
    if (schema === LIVE_SCHEMA) {
      await client.query('SELECT pg_notify($1, $2)', [VISIBLE_CHANNEL, formatPosition(position)]);
    }
  });
};

/** The read model's visible position: the slowest projection's (START_POSITION when none ran). */
export const visiblePositionIn = async (client: PoolClient): Promise<GlobalPosition> => {
  const { rows } = await client.query<CheckpointRow>(
    `SELECT visible_txn AS txn, visible_seq AS seq FROM checkpoints
      ORDER BY visible_txn, visible_seq LIMIT 1`,
  );
  const row = rows[0];
  return row ? { txn: BigInt(row.txn), seq: BigInt(row.seq) } : START_POSITION;
};
