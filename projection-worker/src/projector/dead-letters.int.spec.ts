import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toOpportunityStreamId } from '@campus/contracts';
import { expectDeadLetters } from '@campus/infra/testing';
import { allProjections } from '../projections';
import { opportunityCreated, rawEvent, signedUp, userRegistered } from '../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../testing/harness';
import { listDeadLetters, PARSE_STAGE } from './dead-letters';
import { readCheckpointStates } from './checkpoints';
import { runProjectionsUntilAborted } from './run-projections';
import type { Projection } from './projection';

/** A projection with a bug that one event triggers every time, and one that fails only once. */
const explosive = (poisonEventIds: Set<string>): Projection => ({
  name: 'explosive',
  tables: [],
  reads: [],
  async apply(client, events) {
    for (const { recorded } of events) {
      if (poisonEventIds.has(recorded.eventId)) throw new Error('boom: cannot apply this event');
    }
    await client.query('SELECT 1');
  },
});

const flakyOnce = (): Projection & { failures: number } => {
  const projection = {
    name: 'flaky',
    tables: [],
    reads: [],
    failures: 0,
    async apply() {
      if (projection.failures === 0) {
        projection.failures++;
        throw new Error('connection reset (transient)');
      }
      await Promise.resolve();
    },
  };
  return projection;
};

/** A projection that meets a deadlock on every try while `busy` holds (the database's trouble). */
const deadlocked = (): Projection & { busy: boolean; tries: number } => {
  const projection = {
    name: 'deadlocked',
    tables: [],
    reads: [],
    busy: true,
    tries: 0,
    async apply() {
      projection.tries++;
      if (projection.busy) {
        throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
      }
      await Promise.resolve();
    },
  };
  return projection;
};

describe('poison events: retried, dead-lettered and skipped, never stalling the projector', () => {
  let h: ProjectionHarness;
  beforeAll(async () => {
    h = await createProjectionHarness('dead-letters');
    await expectDeadLetters(h.pool, 'poison events are dead-lettered on purpose here');
  });
  afterAll(async () => {
    await h.close();
  });

  it('dead-letters the one event a projection cannot apply and applies the rest everywhere', async () => {
    const host = await userRegistered(h.vault);
    const fan = await userRegistered(h.vault);
    const opportunity = opportunityCreated({ hostUserId: host.userId });
    const poison = signedUp(opportunity.opportunityId, fan.userId);
    const after = signedUp(opportunity.opportunityId, host.userId);
    await h.append(host, fan, opportunity, poison, after);
    const poisonIds = new Set([poison.event.eventId]);
    await h.project({
      projections: [...allProjections, explosive(poisonIds)],
      batchSize: 10,
      retry: { retryDelayMs: 1 },
      allowDeadLetters: true,
    });

    const dead = await listDeadLetters(h.pool);
    expect(dead).toEqual([
      expect.objectContaining({
        projection: 'explosive',
        eventId: poison.event.eventId,
        type: 'UserSignedUp',
        streamId: toOpportunityStreamId(opportunity.opportunityId),
        attempts: 3,
        error: 'Error: boom: cannot apply this event',
      }),
    ]);
    // The other projections applied the whole batch, the poison event included.
    const { rows } = await h.pool.query<{ registered_count: number }>(
      'SELECT registered_count FROM read.opportunities WHERE id = $1',
      [opportunity.opportunityId],
    );
    expect(rows[0]?.registered_count).toBe(2);

    // And the projector moves on: later events are applied by every projection.
    const late = await userRegistered(h.vault);
    await h.append(late, signedUp(opportunity.opportunityId, late.userId));
    await h.project({
      projections: [...allProjections, explosive(poisonIds)],
      allowDeadLetters: true,
    });
    const states = await readCheckpointStates(h.pool, ['explosive', 'opportunities']);
    expect(states.get('explosive')?.committed).toEqual(states.get('opportunities')?.committed);
    const count = await h.pool.query<{ registered_count: number }>(
      'SELECT registered_count FROM read.opportunities WHERE id = $1',
      [opportunity.opportunityId],
    );
    expect(count.rows[0]?.registered_count).toBe(3);
    expect(await listDeadLetters(h.pool)).toHaveLength(1);
  });

  it('records an event whose payload breaks its schema, and skips it', async () => {
    const broken = rawEvent(
      toOpportunityStreamId('a0c6a2b8-7a62-4b8e-9a9e-3d2b7d9b3f10'),
      'UserSignedUp',
      {
        v: 1,
        opportunityId: 'not-a-uuid',
      },
    );
    await h.append(broken);
    await h.project({
      projections: [...allProjections, explosive(new Set())],
      allowDeadLetters: true,
    });
    const dead = await listDeadLetters(h.pool, { projection: PARSE_STAGE });
    expect(dead).toEqual([
      expect.objectContaining({ eventId: broken.event.eventId, type: 'UserSignedUp', attempts: 1 }),
    ]);
  });

  it('never dead-letters for a deadlock: the batch is given up whole and applied once it clears', async () => {
    const projection = deadlocked();
    const someone = await userRegistered(h.vault);
    await h.append(someone);
    // Its own dead letters: a new projection re-reads the log, and the stage that parses it
    // records the unreadable event of the test above again.
    const ownDeadLetters = () => listDeadLetters(h.pool, { projection: 'deadlocked' });
    const checkpoint = async () =>
      (await readCheckpointStates(h.pool, ['deadlocked'])).get('deadlocked')?.committed;
    const start = await checkpoint();

    // Every whole try and every one-event try meets the deadlock: the run fails, nothing recorded.
    await expect(
      h.project({
        projections: [...allProjections, projection],
        retry: { retryDelayMs: 1 },
        allowDeadLetters: true,
      }),
    ).rejects.toThrow('deadlock detected');
    expect(projection.tries).toBeGreaterThan(1);
    expect(await ownDeadLetters()).toEqual([]);
    expect(await checkpoint()).toEqual(start);

    // Tried again (as the projector does after its pause), the batch goes through.
    projection.busy = false;
    await h.project({
      projections: [...allProjections, projection],
      retry: { retryDelayMs: 1 },
      allowDeadLetters: true,
    });
    expect(await ownDeadLetters()).toEqual([]);
    expect(await checkpoint()).not.toEqual(start);
    const { rowCount } = await h.pool.query('SELECT 1 FROM read.users WHERE id = $1', [
      someone.userId,
    ]);
    expect(rowCount).toBe(1);
  });

  it('the running projector tries a deadlocked batch again by itself, with no new event to wake it', async () => {
    const projection = Object.assign(deadlocked(), { name: 'deadlocked-live' });
    const someone = await userRegistered(h.vault);
    await h.append(someone);
    const controller = new AbortController();
    const applied = new Promise<void>((resolve) => {
      // The deadlock clears after a few tries; the run after it must apply the batch.
      const apply = projection.apply.bind(projection);
      projection.apply = async (...args: Parameters<typeof apply>) => {
        if (projection.tries >= 3) projection.busy = false;
        await apply(...args);
        if (!projection.busy) resolve();
      };
    });
    const running = runProjectionsUntilAborted({
      store: h.store,
      pool: h.pool,
      vault: h.vault,
      logger: h.logger,
      projections: [projection],
      redis: h.redis,
      keyPrefix: h.prefix,
      signal: controller.signal,
      retry: { retryDelayMs: 1 },
    });
    try {
      // Bounded so a stalled projector fails the test instead of hanging it.
      await Promise.race([
        applied,
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('the deadlocked batch was never tried again')), 20_000),
        ),
      ]);
    } finally {
      controller.abort();
      await running;
    }
    expect(await listDeadLetters(h.pool, { projection: 'deadlocked-live' })).toEqual([]);
  });

  it('retries a batch that failed once without dead-lettering anything', async () => {
    const flaky = flakyOnce();
    const someone = await userRegistered(h.vault);
    await h.append(someone);
    const before = (await listDeadLetters(h.pool)).length;
    await h.project({
      projections: [...allProjections, flaky],
      retry: { retryDelayMs: 1 },
      allowDeadLetters: true,
    });
    expect(flaky.failures).toBe(1);
    expect(await listDeadLetters(h.pool)).toHaveLength(before);
    const { rowCount } = await h.pool.query('SELECT 1 FROM read.users WHERE id = $1', [
      someone.userId,
    ]);
    expect(rowCount).toBe(1);
  });
});
