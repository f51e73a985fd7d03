import type { OrganizationType } from '@campus/contracts';
import type { Pool } from '@campus/infra';
import { withBoardsSnapshot } from './board-lock';
import { execAll, onRedis } from './board-writes';
import { boardKeyPattern, type RedisClient } from '@campus/infra';
import { LIVE_SCHEMA, type ReadSchema } from '@campus/read-model';
import {
  BOARD_ORGANIZATION_MONTHS,
  BOARD_ORGANIZATIONS,
  BOARD_USER_MONTHS,
  BOARD_USERS,
  boardKeysOf,
} from './board-set';

const CHUNK = 1_000;
const REBUILD_SUFFIX = ':rebuilding';

export const scanKeys = async (redis: RedisClient, pattern: string): Promise<string[]> => {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1_000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
};

/**
 * Rebuilds every board under `prefix` from the read model in `schema`: each board is written to a scratch key and
 * renamed over the live one (so readers never see half a board), and boards that no longer have
 * anyone are deleted. Holds the boards lock alone, so a live worker's batches wait and then write
 * their fresher scores on top. Returns how many boards and entries were written. A Redis failure
 * throws BoardsRedisError; Postgres errors are thrown as they are.
 */
export const rebuildBoards = async (
  pool: Pool,
  redis: RedisClient,
  prefix: string,
  schema: ReadSchema = LIVE_SCHEMA,
): Promise<{ boards: number; entries: number }> =>
  withBoardsSnapshot(pool, { mode: 'exclusive', prefix, schema }, async (client) => {
    const boards = new Map<string, (string | number)[]>();
    const add = (key: string, member: string, score: number) => {
      let entries = boards.get(key);
      if (!entries) boards.set(key, (entries = []));
      entries.push(score, member);
    };

    const users = await client.query<{ id: string; points: number }>(
      `SELECT u.id::text, u.points ${BOARD_USERS}`,
    );
    for (const r of users.rows)
      for (const key of boardKeysOf(prefix, { kind: 'user' })) add(key, r.id, r.points);

    const monthly = await client.query<{ user_id: string; month: string; points: number }>(
      `SELECT mp.user_id::text, mp.month, mp.points ${BOARD_USER_MONTHS}`,
    );
    for (const r of monthly.rows)
      for (const key of boardKeysOf(prefix, { kind: 'user', month: r.month }))
        add(key, r.user_id, r.points);

    const organizations = await client.query<{
      id: string;
      type: OrganizationType;
      points: number;
    }>(
      `SELECT o.id::text, o.type,
              COALESCE((SELECT sum(u.points) FROM memberships m JOIN users u ON u.id = m.user_id
                         WHERE m.organization_id = o.id), 0)::integer AS points
         ${BOARD_ORGANIZATIONS}`,
    );
    for (const r of organizations.rows)
      for (const key of boardKeysOf(prefix, { kind: 'organization', type: r.type }))
        add(key, r.id, r.points);

    const organizationMonths = await client.query<{
      organization_id: string;
      type: OrganizationType;
      month: string;
      points: number;
    }>(
      `SELECT m.organization_id::text, o.type, mp.month, sum(mp.points)::integer AS points
         ${BOARD_ORGANIZATION_MONTHS}`,
    );
    for (const r of organizationMonths.rows)
      for (const key of boardKeysOf(prefix, { kind: 'organization', type: r.type, month: r.month }))
        add(key, r.organization_id, r.points);

    const existing = await onRedis(() => scanKeys(redis, boardKeyPattern(prefix)));
    const pipeline = redis.pipeline();
    let entries = 0;
    for (const [key, flat] of boards) {
      const scratch = `${key}${REBUILD_SUFFIX}`;
      pipeline.del(scratch);
      for (let i = 0; i < flat.length; i += CHUNK * 2)
        pipeline.zadd(scratch, ...flat.slice(i, i + CHUNK * 2));
      pipeline.rename(scratch, key);
      entries += flat.length / 2;
    }
    const stale = existing.filter((key) => !boards.has(key));
    for (let i = 0; i < stale.length; i += CHUNK) pipeline.unlink(...stale.slice(i, i + CHUNK));
    await onRedis(() => execAll(pipeline));
    return { boards: boards.size, entries };
  });
