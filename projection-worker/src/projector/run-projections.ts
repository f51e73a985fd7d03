import {
  comparePositions,
  formatPosition,
  parsePosition,
  START_POSITION,
  toDomainEvent,
  type EventStore,
  type GlobalPosition,
} from '@campus/contracts';
import type { Logger, PersonalDataVault, Pool } from '@campus/infra';
import { collectBoardTouches, emptyBoardTouches, isEmptyTouches } from '../boards/board-touches';
import { createBoardsDebt, rebuildStaleBoards, type BoardsDebt } from '../boards/boards-debt';
import { BoardsRedisError, onRedis } from '../boards/board-writes';
import { refreshBoards, type BoardsTarget } from '../boards/refresh-boards';
import {
  boardsStateKeys,
  individualsBoard,
  withRedisDeadline,
  type RedisClient,
} from '@campus/infra';
import { LIVE_SCHEMA, withReadTransaction } from '@campus/read-model';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './apply-batch';
import { batches } from './batches';
import { CheckpointMovedError, markVisible, readCheckpointStates } from './checkpoints';
import type { ProjectedEvent, Projection } from './projection';
import { projectBatch, type BatchTarget } from './project-batch';
import { ReadModelSwappedError, withReadModelLock } from './read-model-lock';

/** The boards' key prefix when none is configured. */
const DEFAULT_KEY_PREFIX = 'campus:';

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
  /**
   * The boards owed while Redis is away, kept across runs (runProjectionsUntilAborted shares one
   * between its runs); without it a run keeps its own for its lifetime.
   */
  readonly boardsDebt?: BoardsDebt;
};

const boardsTargetOf = (options: ProjectorOptions): BoardsTarget | null =>
  options.redis ? { redis: options.redis, prefix: options.keyPrefix ?? DEFAULT_KEY_PREFIX } : null;

const boardsDebtOf = (options: ProjectorOptions, boards: BoardsTarget) =>
  createBoardsDebt({
    pool: options.pool,
    target: boards,
    logger: options.logger,
    projections: options.projections.map((p) => p.name),
  });

export const minPosition = (positions: readonly GlobalPosition[]) =>
  positions.reduce(
    (min, p) => (comparePositions(p, min) < 0 ? p : min),
    positions[0] ?? START_POSITION,
  );

const RECOVERY_PAGE = 2_000;
/** Past this many pages of events to look through, the boards are rebuilt whole instead. */
const RECOVERY_MAX_PAGES = 10;

/**
 * Brings the boards up to the committed checkpoints at a run's start. A batch whose rows committed
 * but whose boards were never confirmed (the worker stopped between the commit and Redis) is
 * refreshed again from its events: the committed checkpoint is past it, so the subscription would
 * not bring it back. So is every batch since the boards' own position when that is older (a
 * worker stopped while Redis was away, and Redis came back with its old boards); past
 * RECOVERY_MAX_PAGES of events, or with an empty Redis (flushed, new), the boards are rebuilt
 * whole. While Redis does not answer, the boards are owed and the batches become visible all the
 * same: the run never fails because of Redis.
 */
const recoverBoards = async (
  options: ProjectorOptions,
  boards: BoardsTarget,
  debt: BoardsDebt,
  names: readonly string[],
  committed: GlobalPosition,
  visible: GlobalPosition,
) => {
  const { store, pool, logger } = options;
  const { redis, prefix } = boards;
  const settleVisible = async () => {
    if (comparePositions(visible, committed) < 0) await markVisible(pool, names, committed);
  };
  // An owed rebuild covers every committed batch.
  if (debt.owed) return settleVisible();
  try {
    const [present, stored] = await onRedis(() =>
      withRedisDeadline(
        redis,
        Promise.all([
          redis.exists(individualsBoard(prefix, 'all')),
          redis.get(boardsStateKeys(prefix).position),
        ]),
      ),
    );
    const position = stored === null ? null : parsePosition(stored);
    const usersExist = async () => {
      const { rows } = await withReadTransaction(pool, LIVE_SCHEMA, (client) =>
        client.query('SELECT 1 FROM users LIMIT 1'),
      );
      return rows.length > 0;
    };
    if (!present && (await usersExist())) {
      logger.warn({ prefix }, 'boards missing in Redis; rebuilding from Postgres');
      await rebuildStaleBoards(pool, boards, committed);
      return await settleVisible();
    }
    let from = visible;
    if (position && comparePositions(position, from) < 0) from = position;
    if (comparePositions(from, committed) >= 0) return await settleVisible();
    let pages = 0;
    let told = false;
    while (comparePositions(from, committed) < 0) {
      if (++pages > RECOVERY_MAX_PAGES) {
        logger.warn({ prefix }, 'boards far behind the read model; rebuilding from Postgres');
        await rebuildStaleBoards(pool, boards, committed);
        return await settleVisible();
      }
      const page = await store.readAll({ from, max: RECOVERY_PAGE });
      const events: ProjectedEvent[] = [];
      for (const recorded of page) {
        if (comparePositions(recorded.position, committed) > 0) break;
        const event = toDomainEvent(recorded);
        if (event) events.push({ recorded, event });
      }
      const touches = collectBoardTouches(events, emptyBoardTouches());
      if (!told && !isEmptyTouches(touches)) {
        told = true;
        logger.info('refreshing the boards of batches committed before the last stop');
      }
      await refreshBoards(pool, boards, touches);
      const last = page.at(-1)?.position;
      if (!last || page.length < RECOVERY_PAGE) break;
      from = last;
    }
    await onRedis(() =>
      withRedisDeadline(
        redis,
        redis.set(boardsStateKeys(prefix).position, formatPosition(committed)),
      ),
    );
  } catch (error) {
    if (!(error instanceof BoardsRedisError)) throw error;
    debt.owe(error);
  }
  await settleVisible();
};

/**
 * Follows the event log from the projections' common checkpoint and applies each batch to every
 * projection in one transaction together with their checkpoints (a poison event is retried, then
 * dead-lettered and skipped); then writes the boards the batch touched to Redis with absolute
 * scores read back from Postgres, and only then marks the batch visible. While Redis cannot take
 * the boards (down, or slower than its command timeout), they are owed instead (BoardsDebt) and
 * batches become visible without them: Redis never stops the read model, nor fails a run.
 *
 * Each batch cycle holds the read-model lock shared (BatchTarget.readModelLock), and its
 * checkpoints' compare-and-set finds other checkpoints than the ones held after a replay's swap:
 * the run throws ReadModelSwappedError so that it restarts from the swapped-in checkpoints.
 */
export const runProjections = async (options: ProjectorOptions): Promise<void> => {
  const boards = boardsTargetOf(options);
  const ownDebt = boards && !options.boardsDebt ? boardsDebtOf(options, boards) : null;
  try {
    await followLog(options, boards, options.boardsDebt ?? ownDebt);
  } finally {
    await ownDebt?.close();
  }
};

/** The live schema's identity: a replay's swap renames another schema into its name. */
const liveSchemaId = async (pool: Pool): Promise<string> => {
  const { rows } = await pool.query<{ id: string }>('SELECT $1::regnamespace::oid::text AS id', [
    LIVE_SCHEMA,
  ]);
  return rows[0]?.id ?? '';
};

/**
 * A batch's checkpoints found moved under it: by a replay's swap (the live schema is another one
 * now) or by another projector. Tells which, so that the restart says why.
 */
const swapOrMove = async (pool: Pool, liveSchema: string, error: unknown) => {
  if (!(error instanceof CheckpointMovedError)) return error;
  const now = await liveSchemaId(pool).catch(() => liveSchema);
  return now === liveSchema ? error : new ReadModelSwappedError(error.projection);
};

const followLog = async (
  options: ProjectorOptions,
  boards: BoardsTarget | null,
  boardsDebt: BoardsDebt | null,
) => {
  const { store, pool, vault, logger, projections, signal } = options;
  const names = projections.map((p) => p.name);
  const batchSize = options.batchSize ?? 500;

  // Read under the lock, with the checkpoints: a swap cannot fall between the two.
  const { checkpoints, liveSchema } = await withReadModelLock(pool, 'shared', async () => {
    const states = await readCheckpointStates(pool, names);
    const committed = names.map((n) => states.get(n)?.committed ?? START_POSITION);
    if (boards && boardsDebt) {
      const visible = minPosition(names.map((n) => states.get(n)?.visible ?? START_POSITION));
      await recoverBoards(options, boards, boardsDebt, names, minPosition(committed), visible);
    }
    return { checkpoints: committed, liveSchema: await liveSchemaId(pool) };
  });
  const target: BatchTarget = {
    pool,
    schema: LIVE_SCHEMA,
    projections,
    checkpoints,
    context: { vault, logger, ...(options.launchDate ? { launchDate: options.launchDate } : {}) },
    policy: { ...DEFAULT_RETRY_POLICY, ...options.retry },
    boards,
    boardsDebt,
    markVisible: true,
    readModelLock: true,
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
      const last = await projectBatch(target, batch);
      if (last) options.onBatch?.({ last, count: batch.length });
    } catch (error) {
      subscription.abort();
      throw await swapOrMove(pool, liveSchema, error);
    }
  }
};

/**
 * Runs the projections until aborted: once aborted, the batch in flight finishes, the owed boards'
 * retries stop, and it returns. A failure (database or store unavailable) is logged and the
 * subscription restarts from the committed checkpoints after a pause, so nothing is lost or
 * doubled (boards of a batch committed before the failure are recovered on restart). Redis being
 * away fails nothing: the boards stay owed across the restarts until Redis answers. After a
 * replay's swap it restarts at once from the new checkpoints.
 */
export const runProjectionsUntilAborted = async (
  options: ProjectorOptions & { readonly signal: AbortSignal },
) => {
  const boards = boardsTargetOf(options);
  const boardsDebt = options.boardsDebt ?? (boards ? boardsDebtOf(options, boards) : null);
  try {
    await runUntilAborted(boardsDebt ? { ...options, boardsDebt } : options);
  } finally {
    if (boardsDebt !== options.boardsDebt) await boardsDebt?.close();
  }
};

/** Waits `ms`, or less when `signal` aborts first (a shutdown or a handover need not wait it out). */
const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

const runUntilAborted = async (options: ProjectorOptions & { readonly signal: AbortSignal }) => {
  let pause = 250;
  const aborted = () => options.signal.aborted;
  while (!aborted()) {
    try {
      await runProjections(options);
      pause = 250;
    } catch (error) {
      if (aborted()) break;
      if (error instanceof ReadModelSwappedError) {
        options.logger.info(
          { reason: error.name, projection: error.projection },
          error instanceof CheckpointMovedError
            ? 'another projector committed this batch first; following from the stored checkpoints'
            : 'read model swapped in by a replay; following from its checkpoints',
        );
        continue;
      }
      options.logger.error(
        { err: error, retryInMs: pause },
        'projection run failed; restarting from checkpoint',
      );
      await abortableSleep(pause, options.signal);
      pause = Math.min(pause * 2, 5_000);
    }
  }
};
