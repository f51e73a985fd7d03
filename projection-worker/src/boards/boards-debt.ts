import {
  comparePositions,
  formatPosition,
  START_POSITION,
  type GlobalPosition,
} from '@campus/contracts';
import {
  boardsStateKeys,
  describeError,
  withRedisDeadline,
  type Logger,
  type Pool,
} from '@campus/infra';
import { readCheckpointStates } from '../projector/checkpoints';
import {
  emptyBoardTouches,
  isEmptyTouches,
  mergeBoardTouches,
  type BoardTouches,
} from './board-touches';
import { BoardsRedisError, execAll, onRedis } from './board-writes';
import { rebuildBoards } from './rebuild-boards';
import { refreshBoards, type BoardsTarget } from './refresh-boards';

/** How long the "boards are being rebuilt" flag outlives a rebuilder that died mid-way. */
export const REBUILDING_FLAG_TTL_MS = 120_000;

/** How often an owed rebuild is tried while Redis does not answer. */
export const DEFAULT_SETTLE_RETRY_MS = 1_000;

/** At most one "still owed" warning per this long during one outage. */
const OWED_LOG_EVERY_MS = 60_000;

/**
 * Rebuilds every board from Postgres because they are missing or missed writes: leaderboard
 * reads answer 503 meanwhile (the `rebuilding` flag), then the marker says the boards are present
 * and the boards' position is `covered` (a position whose batches had all committed before the
 * rebuild read Postgres). Redis failures throw BoardsRedisError.
 */
export const rebuildStaleBoards = async (
  pool: Pool,
  target: BoardsTarget,
  covered: GlobalPosition,
): Promise<{ boards: number; entries: number }> => {
  const { redis, prefix } = target;
  const keys = boardsStateKeys(prefix);
  await onRedis(() =>
    withRedisDeadline(
      redis,
      redis.set(keys.rebuilding, new Date().toISOString(), 'PX', REBUILDING_FLAG_TTL_MS),
    ),
  );
  const rebuilt = await rebuildBoards(pool, redis, prefix, target.schema);
  await onRedis(() =>
    execAll(
      redis
        .multi()
        .set(keys.present, new Date().toISOString())
        .set(keys.position, formatPosition(covered))
        .del(keys.rebuilding),
    ),
  );
  return rebuilt;
};

/**
 * The live projector's boards while Redis may be away. Paid: each batch's boards are written
 * after its commit. When Redis fails (down, frozen past the command timeout, or refusing a
 * write), the boards are owed: later batches skip Redis altogether (they become visible at once,
 * so reads never wait on Redis), and every `retryMs` one attempt pings Redis; once it answers,
 * every board is rebuilt from Postgres (rebuildStaleBoards), the batches that committed during
 * the rebuild are refreshed on top, and only then are writes per batch trusted again.
 *
 * The debt is kept in memory. A worker that stops while boards are owed leaves the boards'
 * position in Redis behind: the next run's recovery refreshes every batch since it (see
 * run-projections.ts), so nothing is lost across a restart either.
 */
export type BoardsDebt = {
  /** Whether boards are owed (or being rebuilt): batches do not write them. */
  readonly owed: boolean;
  /**
   * After a batch's commit: writes the boards it touched with `last` as the boards' position, or
   * leaves them to the owed rebuild. Redis failures never throw; Postgres errors do.
   */
  readonly refresh: (touches: BoardTouches, last: GlobalPosition) => Promise<void>;
  /** Records that Redis missed writes (or could not be read); a rebuild follows once it answers. */
  readonly owe: (error: unknown) => void;
  /** Stops trying; waits for an attempt in flight. Owed boards stay owed (see above). */
  readonly close: () => Promise<void>;
};

export const createBoardsDebt = (options: {
  readonly pool: Pool;
  readonly target: BoardsTarget;
  readonly logger: Logger;
  /** The projections whose committed checkpoints a rebuild covers. */
  readonly projections: readonly string[];
  readonly retryMs?: number;
}): BoardsDebt => {
  const { pool, target, logger } = options;
  const retryMs = options.retryMs ?? DEFAULT_SETTLE_RETRY_MS;
  let state: 'paid' | 'owed' | 'settling' = 'paid';
  /** What batches touched while the rebuild ran: refreshed once it is done. */
  let pending = emptyBoardTouches();
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<void> = Promise.resolve();
  let closed = false;
  let owedSince = 0;
  let lastWarning = 0;

  const committedPosition = async (): Promise<GlobalPosition> => {
    const states = await readCheckpointStates(pool, options.projections);
    let min: GlobalPosition | null = null;
    for (const name of options.projections) {
      const committed = states.get(name)?.committed ?? START_POSITION;
      if (!min || comparePositions(committed, min) < 0) min = committed;
    }
    return min ?? START_POSITION;
  };

  /** One attempt; on success the debt is paid in the same tick as the last pending check. */
  const settle = async () => {
    await onRedis(() => withRedisDeadline(target.redis, target.redis.ping()));
    const covered = await committedPosition();
    const rebuilt = await rebuildStaleBoards(pool, target, covered);
    for (;;) {
      if (isEmptyTouches(pending)) {
        state = 'paid';
        logger.info(
          { ...rebuilt, owedForMs: Date.now() - owedSince },
          'Redis answers again: boards rebuilt from Postgres; writing them per batch again',
        );
        return;
      }
      const due = pending;
      pending = emptyBoardTouches();
      await refreshBoards(pool, target, due);
    }
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      if (closed) return;
      state = 'settling';
      pending = emptyBoardTouches();
      current = settle().catch((error: unknown) => {
        state = 'owed';
        if (Date.now() - lastWarning >= OWED_LOG_EVERY_MS) {
          lastWarning = Date.now();
          logger.warn(
            { reason: describeError(error), owedForMs: Date.now() - owedSince },
            'boards still owed: Redis does not answer yet (or the rebuild failed); trying again',
          );
        }
        schedule();
      });
    }, retryMs);
  };

  const owe = (error: unknown) => {
    if (state !== 'paid') return;
    state = 'owed';
    owedSince = Date.now();
    lastWarning = Date.now();
    logger.warn(
      { reason: describeError(error) },
      'Redis missed board writes: the read model goes on without it; the boards are rebuilt from Postgres once Redis answers',
    );
    schedule();
  };

  return {
    get owed() {
      return state !== 'paid';
    },
    refresh: async (touches, last) => {
      if (isEmptyTouches(touches) || state === 'owed') return;
      if (state === 'settling') {
        mergeBoardTouches(pending, touches);
        return;
      }
      try {
        await refreshBoards(pool, target, touches, { position: last });
      } catch (error) {
        if (!(error instanceof BoardsRedisError)) throw error;
        owe(error);
      }
    },
    owe,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await current;
    },
  };
};
