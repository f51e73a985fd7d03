import type { Pool, PoolClient } from '@campus/infra';
import { useReadSchema, type ReadSchema } from '@campus/read-model';

/**
 * Board writers hold this advisory lock (one per board key prefix) from reading Postgres until
 * Redis has their scores: a batch refresh shares it, a full rebuild takes it alone, so a rebuild
 * never overwrites fresher scores. A replay's shadow boards have a prefix, hence a lock, of their own.
 */
const BOARDS_LOCK = 742_101;

type BoardsSnapshot = {
  readonly mode: 'shared' | 'exclusive';
  /** The board key prefix the writer writes under. */
  readonly prefix: string;
  /** The read model the scores come from. */
  readonly schema: ReadSchema;
};

/**
 * Runs `work` holding the boards lock, in a read-only repeatable-read transaction (one snapshot for
 * every query). The lock is taken before the transaction, so the snapshot is newer than the lock.
 */
export const withBoardsSnapshot = async <T>(
  pool: Pool,
  snapshot: BoardsSnapshot,
  work: (client: PoolClient) => Promise<T>,
): Promise<T> => {
  const shared = snapshot.mode === 'shared';
  const client = await pool.connect();
  let locked = false;
  let broken = false;
  try {
    await client.query(
      shared
        ? 'SELECT pg_advisory_lock_shared($1, hashtext($2))'
        : 'SELECT pg_advisory_lock($1, hashtext($2))',
      [BOARDS_LOCK, snapshot.prefix],
    );
    locked = true;
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await useReadSchema(client, snapshot.schema);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    if (locked) {
      await client
        .query(
          shared
            ? 'SELECT pg_advisory_unlock_shared($1, hashtext($2))'
            : 'SELECT pg_advisory_unlock($1, hashtext($2))',
          [BOARDS_LOCK, snapshot.prefix],
        )
        .catch(() => {
          broken = true;
        });
    }
    // A connection that could not unlock may still hold the lock: destroy it rather than pool it.
    client.release(broken);
  }
};
