import type { Pool, PoolClient } from '@campus/infra';

/**
 * Board writers hold this advisory lock from reading Postgres until Redis has their scores: a batch
 * refresh shares it, a full rebuild takes it alone, so a rebuild never overwrites fresher scores.
 */
const BOARDS_LOCK = 742_101;

/**
 * Runs `work` holding the boards lock, in a read-only repeatable-read transaction (one snapshot for
 * every query). The lock is taken before the transaction, so the snapshot is newer than the lock.
 */
export const withBoardsSnapshot = async <T>(
  pool: Pool,
  mode: 'shared' | 'exclusive',
  work: (client: PoolClient) => Promise<T>,
): Promise<T> => {
  const client = await pool.connect();
  let locked = false;
  let broken = false;
  try {
    await client.query(
      mode === 'shared' ? 'SELECT pg_advisory_lock_shared($1)' : 'SELECT pg_advisory_lock($1)',
      [BOARDS_LOCK],
    );
    locked = true;
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
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
          mode === 'shared'
            ? 'SELECT pg_advisory_unlock_shared($1)'
            : 'SELECT pg_advisory_unlock($1)',
          [BOARDS_LOCK],
        )
        .catch(() => {
          broken = true;
        });
    }
    // A connection that could not unlock may still hold the lock: destroy it rather than pool it.
    client.release(broken);
  }
};
