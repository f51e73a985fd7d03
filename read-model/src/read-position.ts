import { formatPosition, START_POSITION, type GlobalPosition } from '@campus/contracts';
import type { Pool, PoolClient } from '@campus/infra';
import { LIVE_SCHEMA, withReadTransaction } from './read-schema';

/** The read model's visible position: the slowest projection's (START_POSITION when none ran). */
export const visiblePositionIn = async (client: PoolClient): Promise<GlobalPosition> => {
  const { rows } = await client.query<{ txn: string; seq: string }>(
    `SELECT visible_txn AS txn, visible_seq AS seq FROM checkpoints
      ORDER BY visible_txn, visible_seq LIMIT 1`,
  );
  const row = rows[0];
  return row ? { txn: BigInt(row.txn), seq: BigInt(row.seq) } : START_POSITION;
};

/** The read model's visible position, `<txn>.<seq>` (what a report built now reflects at least). */
export const readModelPosition = async (pool: Pool): Promise<string> =>
  formatPosition(await withReadTransaction(pool, LIVE_SCHEMA, visiblePositionIn));
