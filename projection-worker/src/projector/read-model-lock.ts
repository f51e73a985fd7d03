import { comparePositions, START_POSITION, type GlobalPosition } from '@campus/contracts';
import type { Pool, PoolClient } from '@campus/infra';
import { readCheckpointStates, ReadModelSwappedError } from './checkpoints';

/** Defined beside the checkpoint writes, which throw CheckpointMovedError. */
export { CheckpointMovedError, ReadModelSwappedError } from './checkpoints';

/**
 * The live projector holds this advisory lock shared for each batch cycle (rows, boards, visible
 * checkpoint); a replay takes it alone while it catches its shadow up and swaps it in, so a swap
 * never lands in the middle of a batch. Session-level, on a connection of its own, idle meanwhile.
 */
const READ_MODEL_LOCK = 742_102;

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

/**
 * Throws ReadModelSwappedError when a stored checkpoint differs from the one this projector
 * holds: only a replay's swap moves them. Call it holding the read-model lock shared.
 */
export const assertCheckpointsUnchanged = async (
  pool: Pool | PoolClient,
  names: readonly string[],
  held: readonly GlobalPosition[],
) => {
  const states = await readCheckpointStates(pool, names);
  for (const [i, name] of names.entries()) {
    const stored = states.get(name)?.committed ?? START_POSITION;
    if (comparePositions(stored, held[i] ?? START_POSITION) !== 0) {
      throw new ReadModelSwappedError(name);
    }
  }
};
