import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_POSITION, type GlobalPosition } from '@campus/contracts';
import type { PoolClient } from '@campus/infra';
import { LIVE_SCHEMA, useReadSchema } from '@campus/read-model';
import { createProjectionHarness, type ProjectionHarness } from '../testing/harness';
import {
  CheckpointMovedError,
  readCheckpointStates,
  VISIBLE_CHANNEL,
  writeCheckpoints,
} from './checkpoints';
import { ReadModelSwappedError } from './read-model-lock';

const at = (txn: number, seq: number): GlobalPosition => ({ txn: BigInt(txn), seq: BigInt(seq) });

/** Projection names no other test of this file uses, so that each test starts from nothing stored. */
const fresh = (...bases: readonly string[]) => {
  const id = randomUUID().slice(0, 8);
  return bases.map((base) => `${base}-${id}`);
};

describe('checkpoint writes: a compare-and-set on the checkpoint the batch started from', () => {
  let h: ProjectionHarness;
  beforeAll(async () => {
    h = await createProjectionHarness('checkpoints-cas');
  });
  afterAll(async () => {
    await h.close();
  });

  const committed = async (names: readonly string[]) => {
    const states = await readCheckpointStates(h.pool, names);
    return names.map((n) => states.get(n)?.committed ?? null);
  };

  /** Stores checkpoints as a projector would have left them (a plain insert, not the code under test). */
  const seed = async (checkpoints: readonly (readonly [string, GlobalPosition])[]) => {
    for (const [projection, { txn, seq }] of checkpoints) {
      await h.pool.query(
        'INSERT INTO read.checkpoints (projection, txn, seq) VALUES ($1, $2, $3)',
        [projection, txn.toString(), seq.toString()],
      );
    }
    expect(await committed(checkpoints.map(([name]) => name))).toEqual(
      checkpoints.map(([, position]) => position),
    );
  };

  /** A transaction on the live read model on a connection of its own, committed by hand. */
  const begin = async () => {
    const client = await h.pool.connect();
    await client.query('BEGIN');
    await useReadSchema(client, LIVE_SCHEMA);
    return client;
  };
  const end = async (client: PoolClient, how: 'COMMIT' | 'ROLLBACK') => {
    try {
      await client.query(how);
    } finally {
      client.release();
    }
  };

  /** Waits until another session waits for a row lock (the second writer of a checkpoint). */
  const untilSomeoneWaitsForALock = async () => {
    await expect
      .poll(
        async () =>
          (
            await h.pool.query(
              `SELECT 1 FROM pg_stat_activity
                WHERE datname = current_database() AND wait_event_type = 'Lock'`,
            )
          ).rowCount,
      )
      .toBe(1);
  };

  const visibleOf = async (names: readonly string[]) => {
    const states = await readCheckpointStates(h.pool, names);
    return names.map((n) => states.get(n)?.visible ?? null);
  };

  it('moves the visible position with the checkpoints when asked (never back), and notifies at commit', async () => {
    const [alpha, beta] = fresh('alpha', 'beta') as [string, string];
    await seed([[alpha, at(10, 1)]]);
    await h.pool.query(
      'UPDATE read.checkpoints SET visible_txn = 12, visible_seq = 0 WHERE projection = $1',
      [alpha],
    );
    const listener = await h.pool.connect();
    const notified: string[] = [];
    listener.on('notification', (n) => notified.push(n.payload ?? ''));
    await listener.query(`LISTEN ${VISIBLE_CHANNEL}`);
    try {
      const hidden = await begin();
      await writeCheckpoints(hidden, [alpha, beta], at(11, 0), [at(10, 1), START_POSITION]);
      await end(hidden, 'COMMIT');
      expect(await visibleOf([alpha, beta])).toEqual([at(12, 0), START_POSITION]);
      const shown = await begin();
      await writeCheckpoints(shown, [alpha, beta], at(11, 5), [at(11, 0), at(11, 0)], {
        visible: true,
      });
      await end(shown, 'COMMIT');
      // alpha's visible position was ahead already and stays so; beta's follows its checkpoint.
      expect(await visibleOf([alpha, beta])).toEqual([at(12, 0), at(11, 5)]);
      expect(await committed([alpha, beta])).toEqual([at(11, 5), at(11, 5)]);
      const first = await begin();
      const [gamma] = fresh('gamma') as [string];
      await writeCheckpoints(first, [gamma], at(13, 2), [START_POSITION], { visible: true });
      await end(first, 'COMMIT');
      expect(await visibleOf([gamma])).toEqual([at(13, 2)]);
      await expect.poll(() => notified).toEqual(['11.5', '13.2']);
    } finally {
      await listener.query(`UNLISTEN ${VISIBLE_CHANNEL}`);
      listener.release();
    }
  });

  it('moves checkpoints from the expected position, inserting the first one, and keeps those ahead', async () => {
    const [alpha, beta] = fresh('alpha', 'beta') as [string, string];
    const client = await begin();
    await writeCheckpoints(client, [alpha, beta], at(10, 1), [START_POSITION, START_POSITION]);
    await end(client, 'COMMIT');
    expect(await committed([alpha, beta])).toEqual([at(10, 1), at(10, 1)]);

    // beta is ahead of the batch (it skipped its events): it keeps its own checkpoint.
    const next = await begin();
    await writeCheckpoints(next, [beta], at(20, 1), [at(10, 1)]);
    await end(next, 'COMMIT');
    const both = await begin();
    await writeCheckpoints(both, [alpha, beta], at(15, 0), [at(10, 1), at(20, 1)]);
    await end(both, 'COMMIT');
    expect(await committed([alpha, beta])).toEqual([at(15, 0), at(20, 1)]);
  });

  it('throws and writes nothing when a stored checkpoint is not the expected one', async () => {
    const [alpha, beta, gamma] = fresh('alpha', 'beta', 'gamma') as [string, string, string];
    await seed([
      [alpha, at(15, 0)],
      [beta, at(20, 1)],
    ]);
    const client = await begin();
    const error = await writeCheckpoints(client, [alpha, beta], at(30, 0), [
      at(15, 0),
      at(10, 1), // stale: beta is at 20.1
    ]).catch((thrown: unknown) => thrown);
    await end(client, 'ROLLBACK');
    expect(error).toBeInstanceOf(CheckpointMovedError);
    // The projector restarts from the stored checkpoints on it, as after a replay's swap.
    expect(error).toBeInstanceOf(ReadModelSwappedError);
    expect((error as CheckpointMovedError).projection).toBe(beta);
    expect(await committed([alpha, beta])).toEqual([at(15, 0), at(20, 1)]);

    // A checkpoint someone expects but that is not stored at all is not created either.
    const missing = await begin();
    await expect(writeCheckpoints(missing, [gamma], at(30, 0), [at(5, 0)])).rejects.toThrow(
      CheckpointMovedError,
    );
    await end(missing, 'ROLLBACK');
    expect(await committed([gamma])).toEqual([null]);
  });

  it('lets one of two transactions moving the same checkpoint win: the second waits, then fails', async () => {
    const [alpha] = fresh('alpha') as [string];
    await seed([[alpha, at(15, 0)]]);
    const first = await begin();
    const second = await begin();
    await writeCheckpoints(first, [alpha], at(40, 0), [at(15, 0)]);
    const late = writeCheckpoints(second, [alpha], at(41, 0), [at(15, 0)]).catch(
      (thrown: unknown) => thrown,
    );
    await untilSomeoneWaitsForALock();
    await end(first, 'COMMIT');
    expect(await late).toBeInstanceOf(CheckpointMovedError);
    await end(second, 'ROLLBACK');
    expect(await committed([alpha])).toEqual([at(40, 0)]);
  });

  it('lets one of two transactions inserting the first checkpoint win: the second waits, then fails', async () => {
    const [delta] = fresh('delta') as [string];
    const first = await begin();
    const second = await begin();
    await writeCheckpoints(first, [delta], at(50, 0), [START_POSITION]);
    const late = writeCheckpoints(second, [delta], at(51, 0), [START_POSITION]).catch(
      (thrown: unknown) => thrown,
    );
    await untilSomeoneWaitsForALock();
    await end(first, 'COMMIT');
    expect(await late).toBeInstanceOf(CheckpointMovedError);
    await end(second, 'ROLLBACK');
    expect(await committed([delta])).toEqual([at(50, 0)]);

    // Without an expected position (a replay's first write into a fresh shadow) the same holds.
    const again = await begin();
    await expect(writeCheckpoints(again, [delta], at(60, 0))).rejects.toThrow(CheckpointMovedError);
    await end(again, 'ROLLBACK');
    expect(await committed([delta])).toEqual([at(50, 0)]);
  });
});
