import { comparePositions, type EventStore, type GlobalPosition } from '@campus/contracts';
import { withTransaction, type Logger, type PersonalDataVault, type Pool } from '@campus/infra';
import { toProjectedEvents } from './parse';
import { batches } from './batches';
import { markVisible, readCheckpoint, writeCheckpoints } from './checkpoints';
import type { Projection } from './projection';

export type ProjectorOptions = {
  readonly store: EventStore;
  readonly pool: Pool;
  readonly vault: PersonalDataVault;
  readonly logger: Logger;
  readonly projections: readonly Projection[];
  readonly batchSize?: number;
  readonly signal?: AbortSignal;
  /** Called after each batch is visible (tests and metrics). */
  readonly onBatch?: (info: { last: GlobalPosition; count: number }) => void;
};

/**
 * Follows the event log from the projections' common checkpoint and applies each batch to every
 * projection in one transaction together with their checkpoints; then marks the batch visible.
 */
export const runProjections = async (options: ProjectorOptions): Promise<void> => {
  const { store, pool, vault, logger, projections, signal } = options;
  const names = projections.map((p) => p.name);
  const checkpoints = await Promise.all(names.map((n) => readCheckpoint(pool, n)));
  // Projections share one subscription; one that is behind (new) pulls the start back.
  const from = checkpoints.reduce((min, c) => (comparePositions(c, min) < 0 ? c : min));
  const source = store.subscribeAll({
    from,
    ...(signal ? { signal } : {}),
    batchSize: options.batchSize ?? 500,
  });
  for await (const batch of batches(source, { maxSize: options.batchSize ?? 500, idleMs: 2 })) {
    const last = batch.at(-1)?.position;
    if (!last) continue;
    const events = toProjectedEvents(batch, logger);
    await withTransaction(pool, async (client) => {
      for (const [i, projection] of projections.entries()) {
        const since = checkpoints[i];
        const fresh = since
          ? events.filter((e) => comparePositions(e.recorded.position, since) > 0)
          : events;
        if (fresh.length) await projection.apply(client, fresh, { vault, logger });
      }
      await writeCheckpoints(client, names, last);
    });
    checkpoints.fill(last);
    await markVisible(pool, names, last);
    options.onBatch?.({ last, count: batch.length });
  }
};

/**
 * Runs the projections until aborted. A failure (database or store unavailable) is logged and the
 * subscription restarts from the committed checkpoints after a pause, so nothing is lost or doubled.
 */
export const runProjectionsUntilAborted = async (
  options: ProjectorOptions & { readonly signal: AbortSignal },
) => {
  let pause = 250;
  const aborted = () => options.signal.aborted;
  while (!aborted()) {
    try {
      await runProjections(options);
      pause = 250;
    } catch (error) {
      if (aborted()) break;
      options.logger.error(
        { err: error, retryInMs: pause },
        'projection run failed; restarting from checkpoint',
      );
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 5_000);
    }
  }
};
