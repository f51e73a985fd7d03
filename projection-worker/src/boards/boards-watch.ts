import type { OrganizationType } from '@campus/contracts';
import {
  ALL_TIME,
  individualsBoard,
  isBoardMonth,
  organizationsBoard,
  organizationTypeBoard,
  type Logger,
  type Pool,
  type PoolClient,
  type RedisClient,
} from '@campus/infra';
import { LIVE_SCHEMA, withReadTransaction } from '../projector/read-schema';
import { withBoardsSnapshot } from './board-lock';
import { rebuildBoards } from './rebuild-boards';

/**
 * The key that says "this Redis holds the boards": it is set when the boards are (re)built, so a
 * Redis that lost its data (restarted without persistence, flushed, replaced) is recognised by
 * its absence. It is outside the boards' key pattern, so rebuilds never delete it.
 */
export const boardsMarkerKey = (prefix: string) => `${prefix}boards-present`;

/**
 * The board keys a full rebuild would write from the read model now: each holds at least one
 * entry, so each must exist in Redis (an emptied sorted set is a missing key). The same rules as
 * rebuildBoards: every user on the all-time board, users and organizations with points on a
 * month's, every approved organization on the all-time organization boards.
 */
export const expectedBoardKeys = async (client: PoolClient, prefix: string): Promise<string[]> => {
  const keys = new Set<string>();
  const users = await client.query('SELECT 1 FROM users LIMIT 1');
  if (users.rows.length) keys.add(individualsBoard(prefix, ALL_TIME));
  const months = await client.query<{ month: string }>(
    `SELECT DISTINCT mp.month FROM monthly_points mp JOIN users u ON u.id = mp.user_id
      WHERE mp.points > 0`,
  );
  for (const { month } of months.rows)
    if (isBoardMonth(month)) keys.add(individualsBoard(prefix, month));
  const types = await client.query<{ type: OrganizationType }>(
    'SELECT DISTINCT type FROM organizations WHERE approved AND NOT deleted',
  );
  if (types.rows.length) keys.add(organizationsBoard(prefix, ALL_TIME));
  for (const { type } of types.rows) keys.add(organizationTypeBoard(prefix, type, ALL_TIME));
  const organizationMonths = await client.query<{ type: OrganizationType; month: string }>(
    `SELECT DISTINCT o.type, mp.month
       FROM memberships m
       JOIN organizations o ON o.id = m.organization_id AND o.approved AND NOT o.deleted
       JOIN monthly_points mp ON mp.user_id = m.user_id
      GROUP BY m.organization_id, o.type, mp.month
     HAVING sum(mp.points) > 0`,
  );
  for (const { type, month } of organizationMonths.rows) {
    if (!isBoardMonth(month)) continue;
    keys.add(organizationsBoard(prefix, month));
    keys.add(organizationTypeBoard(prefix, type, month));
  }
  return [...keys];
};

/** The expected board keys that Redis does not hold, read under the boards lock. */
const missingBoardKeys = (
  pool: Pool,
  redis: RedisClient,
  prefix: string,
  mode: 'shared' | 'exclusive',
): Promise<string[]> =>
  withBoardsSnapshot(pool, { mode, prefix, schema: LIVE_SCHEMA }, async (client) => {
    const expected = await expectedBoardKeys(client, prefix);
    if (!expected.length) return [];
    const pipeline = redis.pipeline();
    for (const key of expected) pipeline.exists(key);
    const results = (await pipeline.exec()) ?? [];
    return expected.filter((_key, i) => {
      const [error, found] = results[i] ?? [null, 0];
      if (error) throw error;
      return found === 0;
    });
  });

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

  /** A lost board: seen beside live batches, then confirmed once in-flight board writes landed. */
  const rebuildLostBoards = async () => {
    if (!(await missingBoardKeys(pool, redis, prefix, 'shared')).length) return false;
    const missing = await missingBoardKeys(pool, redis, prefix, 'exclusive');
    if (!missing.length) return false;
    logger.warn({ prefix, missing: missing.length }, 'boards missing in Redis; rebuilding them');
    const rebuilt = await rebuildBoards(pool, redis, prefix);
    logger.info(rebuilt, 'boards rebuilt');
    return true;
  };

  const check = async () => {
    const set = await redis.set(marker, new Date().toISOString(), 'NX');
    if (set !== 'OK') return rebuildLostBoards();
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
