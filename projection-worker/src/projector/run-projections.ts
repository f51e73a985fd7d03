import {
  comparePositions,
  START_POSITION,
  toDomainEvent,
  type EventStore,
  type GlobalPosition,
} from '@campus/contracts';
import type { Logger, PersonalDataVault, Pool } from '@campus/infra';
import { collectBoardTouches, emptyBoardTouches } from '../boards/board-touches';
import { rebuildBoards } from '../boards/rebuild-boards';
import { refreshBoards, type BoardsTarget } from '../boards/refresh-boards';
import { individualsBoard, type RedisClient } from '@campus/infra';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './apply-batch';
import { batches } from './batches';
import { markVisible, readCheckpointStates } from './checkpoints';
import type { ProjectedEvent, Projection } from './projection';
import { projectBatch, type BatchTarget } from './project-batch';
import {
  assertCheckpointsUnchanged,
  ReadModelSwappedError,
  withReadModelLock,
} from './read-model-lock';
import { LIVE_SCHEMA, withReadTransaction } from './read-schema';

/** The boards' key prefix when none is configured. */
export const DEFAULT_KEY_PREFIX = 'campus:';

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
  /** Where the leaderboards go. Without it no board is written (Postgres rows only). */
  readonly redis?: RedisClient;
  /** Prefix of every board key; defaults to 'campus:' (tests and replays use their own). */
  readonly keyPrefix?: string;
  /** Retries of failing batches and events before an event is dead-lettered. */
  readonly retry?: Partial<RetryPolicy>;
  /** LAUNCH_DATE: points of opportunities dated earlier count all-time but in no month. */
  readonly launchDate?: string;
};

export const minPosition = (positions: readonly GlobalPosition[]) =>
  positions.reduce(
    (min, p) => (comparePositions(p, min) < 0 ? p : min),
    positions[0] ?? START_POSITION,
  );

const RECOVERY_PAGE = 2_000;

/**
 * A batch whose rows committed but whose boards were never confirmed (the worker stopped between
 * the commit and Redis) is refreshed again from its events: the committed checkpoint is past it,
 * so the subscription would not bring it back. An empty Redis (flushed, new) is rebuilt whole.
 */
const recoverBoards = async (
  options: ProjectorOptions,
  boards: BoardsTarget,
  names: readonly string[],
  committed: GlobalPosition,
  visible: GlobalPosition,
) => {
  const { store, pool, logger } = options;
  const hasBoard = await boards.redis.exists(individualsBoard(boards.prefix, 'all'));
  if (!hasBoard) {
    const { rows } = await withReadTransaction(pool, LIVE_SCHEMA, (client) =>
      client.query('SELECT 1 FROM users LIMIT 1'),
    );
    if (rows.length) {
      logger.warn({ prefix: boards.prefix }, 'boards missing in Redis; rebuilding from Postgres');
      await rebuildBoards(pool, boards.redis, boards.prefix);
    }
  }
  if (comparePositions(visible, committed) >= 0) return;
  logger.info('refreshing the boards of batches committed before the last stop');
  let from = visible;
  while (comparePositions(from, committed) < 0) {
    const page = await store.readAll({ from, max: RECOVERY_PAGE });
    const events: ProjectedEvent[] = [];
    for (const recorded of page) {
      if (comparePositions(recorded.position, committed) > 0) break;
      const event = toDomainEvent(recorded);
      if (event) events.push({ recorded, event });
    }
    await refreshBoards(pool, boards, collectBoardTouches(events, emptyBoardTouches()));
    const last = page.at(-1)?.position;
    if (!last || page.length < RECOVERY_PAGE) break;
    from = last;
  }
  await markVisible(pool, names, committed);
};

/**
 * Follows the event log from the projections' common checkpoint and applies each batch to every
 * projection in one transaction together with their checkpoints (a poison event is retried, then
 * dead-lettered and skipped); then writes the boards the batch touched to Redis with absolute
 * scores read back from Postgres, and only then marks the batch visible.
 *
 * Each batch cycle holds the read-model lock shared and first checks that the stored checkpoints
 * are still the ones it holds: after a replay's swap they are not, and the run throws
 * ReadModelSwappedError so that it restarts from the swapped-in checkpoints.
 */
export const runProjections = async (options: ProjectorOptions): Promise<void> => {
  const { store, pool, vault, logger, projections, signal } = options;
  const names = projections.map((p) => p.name);
  const batchSize = options.batchSize ?? 500;
  const boards: BoardsTarget | null = options.redis
    ? { redis: options.redis, prefix: options.keyPrefix ?? DEFAULT_KEY_PREFIX }
    : null;

  const checkpoints = await withReadModelLock(pool, 'shared', async () => {
    const states = await readCheckpointStates(pool, names);
    const committed = names.map((n) => states.get(n)?.committed ?? START_POSITION);
    if (boards) {
      const visible = minPosition(names.map((n) => states.get(n)?.visible ?? START_POSITION));
      await recoverBoards(options, boards, names, minPosition(committed), visible);
    }
    return committed;
  });
  const target: BatchTarget = {
    pool,
    schema: LIVE_SCHEMA,
    projections,
    checkpoints,
    context: { vault, logger, ...(options.launchDate ? { launchDate: options.launchDate } : {}) },
    policy: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    boards,
    markVisible: true,
  };

  // Projections share one subscription; one that is behind (new) pulls the start back.
  const from = minPosition(checkpoints);
  // The subscription ends with the run: a batch that fails must not wait, before the run can be
  // tried again, for the subscription's read in flight to see a new event.
  const subscription = new AbortController();
  const source = store.subscribeAll({
    from,
    signal: signal ? AbortSignal.any([signal, subscription.signal]) : subscription.signal,
    batchSize,
  });
  for await (const batch of batches(source, { maxSize: batchSize, idleMs: 2 })) {
    try {
      const last = await withReadModelLock(
        pool,
        'shared',
        async (lockClient) => {
          await assertCheckpointsUnchanged(lockClient, names, checkpoints);
          return projectBatch(target, batch);
        },
        { unlockInBackground: true },
      );
      if (last) options.onBatch?.({ last, count: batch.length });
    } catch (error) {
      subscription.abort();
      throw error;
    }
  }
};

/**
 * Runs the projections until aborted. A failure (database, store or Redis unavailable) is logged
 * and the subscription restarts from the committed checkpoints after a pause, so nothing is lost
 * or doubled (boards of a batch committed before the failure are recovered on restart). After a
 * replay's swap it restarts at once from the new checkpoints.
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
      if (error instanceof ReadModelSwappedError) {
        options.logger.info('read model swapped in by a replay; following from its checkpoints');
        continue;
      }
      options.logger.error(
        { err: error, retryInMs: pause },
        'projection run failed; restarting from checkpoint',
      );
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 5_000);
    }
  }
};
