import type { Pool, PoolClient } from '@campus/infra';

/** Defined beside the checkpoint writes, which throw CheckpointMovedError. */
export { CheckpointMovedError, ReadModelSwappedError } from './checkpoints';

/**
 * The live projector holds this advisory lock shared for each batch cycle (rows, boards, visible
 * checkpoint); a replay takes it alone while it catches its shadow up and swaps it in, so a swap
 * never lands in the middle of a batch. Session-level, on a connection of its own, idle meanwhile.
 */
const READ_MODEL_LOCK = 742_102;

/**
 * The lock taken shared until the caller's transaction ends (sent with its BEGIN): for a live batch
 * whose whole cycle is that one transaction (no board to write), one round trip less than a lock
 * on a connection of its own.
 */
export const READ_MODEL_LOCK_IN_TRANSACTION = `SELECT pg_advisory_xact_lock_shared(${String(READ_MODEL_LOCK)})`;

const lockSql = (mode: 'shared' | 'exclusive') =>
  mode === 'shared' ? 'SELECT pg_advisory_lock_shared($1)' : 'SELECT pg_advisory_lock($1)';
const unlockSql = (mode: 'shared' | 'exclusive') =>
  mode === 'shared' ? 'SELECT pg_advisory_unlock_shared($1)' : 'SELECT pg_advisory_unlock($1)';

/** Unlocks, then gives the connection back; one that could not unlock may still hold the lock: destroyed. */
const unlockAndRelease = async (client: PoolClient, mode: 'shared' | 'exclusive') => {
  let broken = true;
  await client
    .query(unlockSql(mode), [READ_MODEL_LOCK])
    .then(() => {
      broken = false;
    })
    .catch(() => undefined);
  client.release(broken);
};

/**
 * Runs `work` holding the read-model lock; `work` gets the lock's connection (for statements that
 * need no transaction). With `unlockInBackground` the unlock is sent without waiting for it: the
 * live projector's next cycle need not wait (shared holders never conflict), and a replay waiting
 * for the lock alone gets it once the unlock arrives.
 */
export const withReadModelLock = async <T>(
  pool: Pool,
  mode: 'shared' | 'exclusive',
  work: (lockClient: PoolClient) => Promise<T>,
  options: { readonly unlockInBackground?: boolean } = {},
): Promise<T> => {
  const client = await pool.connect();
  try {
    await client.query(lockSql(mode), [READ_MODEL_LOCK]);
  } catch (error) {
    client.release(true);
    throw error;
  }
  try {
    return await work(client);
  } finally {
    const unlocking = unlockAndRelease(client, mode);
    if (!options.unlockInBackground) await unlocking;
  }
};
