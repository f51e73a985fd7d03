import type { Logger, Pool, RedisClient } from '@campus/infra';
import { LIVE_SCHEMA, withReadTransaction } from '../projector/read-schema';
import { rebuildBoards } from './rebuild-boards';

/**
 * The key that says "this Redis holds the boards": it is set when the boards are (re)built, so a
 * Redis that lost its data (restarted without persistence, flushed, replaced) is recognised by
 * its absence. It is outside the boards' key pattern, so rebuilds never delete it.
 */
export const boardsMarkerKey = (prefix: string) => `${prefix}boards-present`;

export type BoardsWatch = {
  /** One check: rebuilds the boards when the marker is missing; answers whether it rebuilt. */
  readonly check: () => Promise<boolean>;
  readonly stop: () => Promise<void>;
};

/**
 * Checks the marker every `intervalMs`. When it is missing, it is set first (so a Redis emptied
 * during the rebuild is noticed on the next check) and every board is rebuilt from Postgres; if
 * the rebuild fails (Postgres or Redis down), the marker is removed again and the next check
 * retries. Live batches keep writing meanwhile: the rebuild holds the boards lock alone.
 */
export const watchBoards = (options: {
  readonly pool: Pool;
  readonly redis: RedisClient;
  readonly prefix: string;
  readonly logger: Logger;
  readonly intervalMs: number;
}): BoardsWatch => {
  const { pool, redis, prefix, logger } = options;
  const marker = boardsMarkerKey(prefix);

  const check = async () => {
    const set = await redis.set(marker, new Date().toISOString(), 'NX');
    if (set !== 'OK') return false;
    try {
      const { rows } = await withReadTransaction(pool, LIVE_SCHEMA, (client) =>
        client.query('SELECT 1 FROM users LIMIT 1'),
      );
      if (!rows.length) return false;
      logger.warn({ prefix }, 'boards marker missing in Redis (emptied?); rebuilding the boards');
      const rebuilt = await rebuildBoards(pool, redis, prefix);
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
