import { comparePositions, START_POSITION, type GlobalPosition } from '@campus/contracts';
import type { Pool } from '@campus/infra';
import { readCheckpointStates } from './checkpoints';

/**
 * The live projector holds this advisory lock shared for each batch cycle (rows, boards, visible
 * checkpoint); a replay takes it alone while it catches its shadow up and swaps it in, so a swap
 * never lands in the middle of a batch. Session-level, on a connection of its own, idle meanwhile.
 */
const READ_MODEL_LOCK = 742_102;

export const withReadModelLock = async <T>(
  pool: Pool,
  mode: 'shared' | 'exclusive',
  work: () => Promise<T>,
): Promise<T> => {
  const shared = mode === 'shared';
  const client = await pool.connect();
  let broken = true;
  try {
    await client.query(
      shared ? 'SELECT pg_advisory_lock_shared($1)' : 'SELECT pg_advisory_lock($1)',
      [READ_MODEL_LOCK],
    );
    try {
      return await work();
    } finally {
      await client
        .query(shared ? 'SELECT pg_advisory_unlock_shared($1)' : 'SELECT pg_advisory_unlock($1)', [
          READ_MODEL_LOCK,
        ])
        .then(() => {
          broken = false;
        })
        .catch(() => undefined);
    }
  } finally {
    // A connection that could not unlock may still hold the lock: destroy it rather than pool it.
    client.release(broken);
  }
};

/** The checkpoints this projector holds in memory no longer match the stored ones: a replay swapped the read model in. */
export class ReadModelSwappedError extends Error {
  override readonly name = 'ReadModelSwappedError';
  constructor(readonly projection: string) {
    super(
      `The stored checkpoint of ${projection} moved under the projector (a replay was swapped in)`,
    );
  }
}

/**
 * Throws ReadModelSwappedError when a stored checkpoint differs from the one this projector
 * holds: only a replay's swap moves them. Call it holding the read-model lock shared.
 */
export const assertCheckpointsUnchanged = async (
  pool: Pool,
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
