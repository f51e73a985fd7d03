import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  maxPosition,
  START_POSITION,
  type GlobalPosition,
} from '@campus/contracts';
import { capturedLogger } from '@campus/infra/testing';
import { replayProjections } from '../jobs/replay/replay';
import { allProjections } from '../projections';
import {
  opportunityCreated,
  signedUp,
  unregistered,
  userRegistered,
  type TestEvent,
} from '../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../testing/harness';
import { seedHistory } from '../testing/history';
import { snapshotEveryTable } from '../testing/read-model-snapshot';
import { readCheckpointStates } from './checkpoints';
import { listDeadLetters } from './dead-letters';
import { runProjectionsUntilAborted } from './run-projections';

const CROWD = 30;

describe('two projectors over one read model (a second worker by mistake): the result of one', () => {
  let h: ProjectionHarness;
  let head: GlobalPosition = START_POSITION;
  let opportunityId: string;

  beforeAll(async () => {
    h = await createProjectionHarness('two-projectors');
    const { hal } = await seedHistory(h);
    // The last appended position (the store's head may not have settled on it yet).
    const append = async (...events: readonly TestEvent[]) => {
      for (const { stream, event } of events) {
        const { position } = await h.store.append(stream, [event]);
        head = maxPosition(head, position);
      }
    };
    const crowd = await Promise.all(
      Array.from({ length: CROWD }, (_, i) => userRegistered(h.vault, { firstName: `P${i}` })),
    );
    const opportunity = opportunityCreated({ hostUserId: hal, name: 'Crowded cleanup' });
    opportunityId = opportunity.opportunityId;
    await append(
      ...crowd,
      opportunity,
      ...crowd.map((p) => signedUp(opportunityId, p.userId)),
      ...crowd.slice(0, 10).map((p) => unregistered(opportunityId, p.userId)),
    );
  });
  afterAll(async () => {
    await h.close();
  });

  /**
   * Every table's rows; the points ledger's in the order of its ids, without them: a batch rolled
   * back (the second projector's) used up identity values, which leaves gaps, not differences.
   */
  const snapshot = async () => {
    const tables = await snapshotEveryTable(h.pool);
    const { rows } = await h.pool.query<Record<string, unknown>>(
      'SELECT * FROM read.point_ledger ORDER BY id',
    );
    tables['point_ledger'] = rows.map(({ id: _id, ...row }) => JSON.stringify(row));
    return tables;
  };

  const caughtUp = async () => {
    const states = await readCheckpointStates(
      h.pool,
      allProjections.map((p) => p.name),
    );
    return allProjections.every((p) => {
      const state = states.get(p.name);
      return (
        comparePositions(state?.committed ?? START_POSITION, head) >= 0 &&
        comparePositions(state?.visible ?? START_POSITION, head) >= 0
      );
    });
  };

  it('applies every batch once: rows, counts and boards equal a single projector’s', async () => {
    const controller = new AbortController();
    const { lines, logger } = capturedLogger();
    const run = () =>
      runProjectionsUntilAborted({
        ...h.workerDeps,
        logger,
        projections: allProjections,
        // Small batches: many chances to apply one batch twice.
        batchSize: 3,
        signal: controller.signal,
      });
    const runs = [run(), run()];
    try {
      await expect.poll(caughtUp, { timeout: 30_000, interval: 50 }).toBe(true);
    } finally {
      controller.abort();
      await Promise.all(runs);
    }
    // The two met: a batch the other had committed first was rolled back, and its run restarted.
    expect(lines.some((l) => l.includes('"reason":"CheckpointMovedError"'))).toBe(true);
    expect(await listDeadLetters(h.pool)).toEqual([]);
    const { rows } = await h.pool.query<{ registered_count: number }>(
      'SELECT registered_count FROM read.opportunities WHERE id = $1',
      [opportunityId],
    );
    expect(rows[0]?.registered_count).toBe(CROWD - 10);
    const twice = await snapshot();
    const twiceBoards = await h.allBoards();

    // One projector's result: the whole read model rebuilt from the log batch by batch.
    await replayProjections({
      ...h.workerDeps,
      requested: 'all',
      batchSize: 3,
      bulk: false,
    });
    expect(twice).toEqual(await snapshot());
    expect(twiceBoards).toEqual(await h.allBoards());
  });
});
