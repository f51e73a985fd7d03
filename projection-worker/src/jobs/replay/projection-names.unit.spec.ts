import { describe, expect, it } from 'vitest';
import type { EventStore } from '@campus/contracts';
import { enqueueReplay, PROJECTION_NAMES, type JobQueues } from '@campus/read-model';
import { allProjections } from '../../projections';
import { replaySetOf } from './replay-plan';

/**
 * The services know the projections by the read model's list of names (the operations page, a
 * replay request), the worker by its own projections: the two must not drift apart.
 */
describe('the projection names the services use', () => {
  it('are the projections the worker runs, in its order', () => {
    expect([...PROJECTION_NAMES]).toEqual(allProjections.map((p) => p.name));
  });

  it('refuse an unknown replay as the worker does, before anything is enqueued', async () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error;
      }
      throw new Error('not refused');
    };
    const worker = refusal(() => replaySetOf('nope', allProjections));
    // Neither the store nor the queues are touched before the name is checked.
    const enqueued = await enqueueReplay({} as JobQueues, {} as EventStore, 'nope', 'admin').then(
      () => new Error('not refused'),
      (error: unknown) => error,
    );
    expect(enqueued).toBeInstanceOf(Error);
    expect(enqueued).toEqual(worker);
    expect(enqueued).toMatchObject({
      status: 400,
      fieldErrors: (worker as { fieldErrors: unknown }).fieldErrors,
    });
  });

  it('accept every name the worker accepts, and all', async () => {
    for (const name of ['all', ...allProjections.map((p) => p.name)]) {
      expect(() => replaySetOf(name, allProjections)).not.toThrow();
      // Past the name check a replay reads the log's head: the store stands in for it here.
      const headPosition = () => Promise.reject(new Error('head'));
      await expect(
        enqueueReplay({} as JobQueues, { headPosition } as unknown as EventStore, name, 'admin'),
      ).rejects.toThrow('head');
    }
  });
});
