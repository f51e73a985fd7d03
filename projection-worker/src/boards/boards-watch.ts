import { boardsStateKeys, type Logger, type Pool, type RedisClient } from '@campus/infra';
import { LIVE_SCHEMA, withReadTransaction } from '@campus/read-model';
import { withBoardsSnapshot } from './board-lock';
import { expectedBoardKeys } from './board-set';
import { REBUILDING_FLAG_TTL_MS } from './boards-debt';
import { rebuildBoards } from './rebuild-boards';

/**
 * The key that says "this Redis holds the boards": it is set when the boards are (re)built, so a
 * Redis that lost its data (restarted without persistence, flushed, replaced) is recognised by
 * its absence. It is outside the boards' key pattern, so rebuilds never delete it.
 */
export const boardsMarkerKey = (prefix: string) => boardsStateKeys(prefix).present;

/** The board keys the read model calls for, and those Redis lacks, read under the boards lock. */
const compareBoards = (
  pool: Pool,
  redis: RedisClient,
  prefix: string,
  mode: 'shared' | 'exclusive',
): Promise<{ expected: string[]; missing: string[] }> =>
  withBoardsSnapshot(pool, { mode, prefix, schema: LIVE_SCHEMA }, async (client) => {
    const expected = await expectedBoardKeys(client, prefix);
    return { expected, missing: await absentKeys(redis, expected) };
  });

/** The keys Redis does not hold (an emptied sorted set is a missing key), in one pipeline. */
const absentKeys = async (redis: RedisClient, keys: readonly string[]): Promise<string[]> => {
  if (!keys.length) return [];
  const results = (await redis.pipeline(keys.map((key) => ['exists', key])).exec()) ?? [];
  return keys.filter((_key, i) => {
    const [error, found] = results[i] ?? [null, 0];
    if (error) throw error;
    return found === 0;
  });
};

export type BoardsWatch = {
  /**
   * One check: rebuilds the boards when the marker is missing or when any board the read model
   * calls for is missing or emptied; answers whether it rebuilt.
   */
  readonly check: () => Promise<boolean>;
  readonly stop: () => Promise<void>;
};

/**
 * Checks the marker every `intervalMs`. When it is missing, it is set first (so a Redis emptied
 * during the rebuild is noticed on the next check) and every board is rebuilt from Postgres; if
 * the rebuild fails (Postgres or Redis down), the marker is removed again and the next check
 * retries. With the marker present, each board the read model calls for must exist too: one key
 * evicted, deleted or emptied by hand is rebuilt the same way. Live batches keep writing
 * meanwhile: the rebuild holds the boards lock alone.
 *
 * A check asks Postgres which boards should exist only every `fullCheckMs` (default: a minute, or
 * twelve intervals) or when a board it last knew of is gone; in between it asks Redis alone
 * whether those boards still exist, so a board created since the last full comparison and lost
 * before the next one waits for that one.
 */
export const watchBoards = (options: {
  readonly pool: Pool;
  readonly redis: RedisClient;
  readonly prefix: string;
  readonly logger: Logger;
  readonly intervalMs: number;
  readonly fullCheckMs?: number;
}): BoardsWatch => {
  const { pool, redis, prefix, logger } = options;
  const marker = boardsMarkerKey(prefix);
  const fullCheckMs = options.fullCheckMs ?? Math.max(60_000, options.intervalMs * 12);
  /** The boards the last full comparison expected, and when it ran (null: compare next time). */
  let known: { keys: readonly string[]; at: number } | null = null;

  /** A lost board: seen beside live batches, then confirmed once in-flight board writes landed. */
  const rebuildLostBoards = async () => {
    const seen = await compareBoards(pool, redis, prefix, 'shared');
    known = { keys: seen.expected, at: Date.now() };
    if (!seen.missing.length) return false;
    const confirmed = await compareBoards(pool, redis, prefix, 'exclusive');
    known = { keys: confirmed.expected, at: Date.now() };
    if (!confirmed.missing.length) return false;
    logger.warn(
      { prefix, missing: confirmed.missing.length },
      'boards missing in Redis; rebuilding them',
    );
    known = null;
    const rebuilt = await rebuildBoards(pool, redis, prefix);
    logger.info(rebuilt, 'boards rebuilt');
    return true;
  };

  /** True when the boards known from the last full comparison are all still in Redis. */
  const knownBoardsPresent = async () => {
    if (!known || Date.now() - known.at >= fullCheckMs) return false;
    return !(await absentKeys(redis, known.keys)).length;
  };

  const check = async () => {
    const set = await redis.set(marker, new Date().toISOString(), 'NX');
    if (set !== 'OK') return (await knownBoardsPresent()) ? false : rebuildLostBoards();
    known = null;
    try {
      const { rows } = await withReadTransaction(pool, LIVE_SCHEMA, (client) =>
        client.query('SELECT 1 FROM users LIMIT 1'),
      );
      if (!rows.length) return false;
      logger.warn({ prefix }, 'boards marker missing in Redis (emptied?); rebuilding the boards');
      // Leaderboard reads answer 503 until the boards are back, rather than show them empty.
      const rebuilding = boardsStateKeys(prefix).rebuilding;
      await redis.set(rebuilding, new Date().toISOString(), 'PX', REBUILDING_FLAG_TTL_MS);
      const rebuilt = await rebuildBoards(pool, redis, prefix);
      await redis.del(rebuilding);
      logger.info(rebuilt, 'boards rebuilt');
      return true;
    } catch (error) {
      await redis.del(marker).catch(() => undefined);
      throw error;
    }
  };

  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> = Promise.resolve();
  const tick = () => {
    current = check()
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'boards check failed; trying again');
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs);
      });
  };
  tick();

  return {
    check,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
};
