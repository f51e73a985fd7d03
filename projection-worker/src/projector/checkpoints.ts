import { START_POSITION, type GlobalPosition } from '@campus/contracts';
import type { Pool, PoolClient } from '@campus/infra';

export const VISIBLE_CHANNEL = 'read_visible';

type CheckpointRow = { txn: string; seq: string };

export const readCheckpoint = async (
  pool: Pool | PoolClient,
  projection: string,
): Promise<GlobalPosition> => {
  const { rows } = await pool.query<CheckpointRow>(
    'SELECT txn, seq FROM read.checkpoints WHERE projection = $1',
    [projection],
  );
  const row = rows[0];
  return row ? { txn: BigInt(row.txn), seq: BigInt(row.seq) } : START_POSITION;
};

/** Written in the batch's transaction, so rows and checkpoint commit together. */
export const writeCheckpoints = async (
  client: PoolClient,
  projections: readonly string[],
  position: GlobalPosition,
) => {
  await client.query(
    `INSERT INTO read.checkpoints (projection, txn, seq, updated_at)
       SELECT unnest($1::text[]), $2, $3, now()
     ON CONFLICT (projection) DO UPDATE SET txn = EXCLUDED.txn, seq = EXCLUDED.seq, updated_at = now()`,
    [projections, position.txn.toString(), position.seq.toString()],
  );
};

/** After the batch's Redis writes: reads may now rely on it (read-your-writes). */
export const markVisible = async (
  pool: Pool,
  projections: readonly string[],
  position: GlobalPosition,
) => {
  await pool.query(
    `WITH done AS (
       UPDATE read.checkpoints SET visible_txn = $2, visible_seq = $3 WHERE projection = ANY($1::text[])
     )
     SELECT pg_notify($4, $5)`,
    [
      projections,
      position.txn.toString(),
      position.seq.toString(),
      VISIBLE_CHANNEL,
      `${position.txn.toString()}.${position.seq.toString()}`,
    ],
  );
};

/** The committed and the visible (boards written too) position of each projection, when stored. */
export const readCheckpointStates = async (
  pool: Pool | PoolClient,
  projections: readonly string[],
): Promise<Map<string, { committed: GlobalPosition; visible: GlobalPosition }>> => {
  const { rows } = await pool.query<
    CheckpointRow & { projection: string; vtxn: string; vseq: string }
  >(
    `SELECT projection, txn, seq, visible_txn AS vtxn, visible_seq AS vseq
       FROM read.checkpoints WHERE projection = ANY($1::text[])`,
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
