import type { OrganizationType } from '@campus/contracts';
import type { Pool } from '@campus/infra';
import { LIVE_SCHEMA, type ReadSchema } from '../projector/read-schema';
import { withBoardsSnapshot } from './board-lock';
import {
  ALL_TIME,
  boardKeyPattern,
  individualsBoard,
  isBoardMonth,
  organizationsBoard,
  organizationTypeBoard,
  type BoardPeriod,
  type RedisClient,
} from '@campus/infra';

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
 * their fresher scores on top. Returns how many boards and entries were written.
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
      'SELECT id::text, points FROM users',
    );
    for (const r of users.rows) add(individualsBoard(prefix, ALL_TIME), r.id, r.points);

    const monthly = await client.query<{ user_id: string; month: string; points: number }>(
      `SELECT mp.user_id::text, mp.month, mp.points FROM monthly_points mp
         JOIN users u ON u.id = mp.user_id WHERE mp.points > 0`,
    );
    for (const r of monthly.rows) {
      if (isBoardMonth(r.month)) add(individualsBoard(prefix, r.month), r.user_id, r.points);
    }

    const organizations = await client.query<{
      id: string;
      type: OrganizationType;
      points: number;
    }>(
      `SELECT o.id::text, o.type,
              COALESCE((SELECT sum(u.points) FROM memberships m JOIN users u ON u.id = m.user_id
                         WHERE m.organization_id = o.id), 0)::integer AS points
         FROM organizations o WHERE o.approved AND NOT o.deleted`,
    );
    const typeOf = new Map<string, OrganizationType>();
    for (const r of organizations.rows) {
      typeOf.set(r.id, r.type);
      add(organizationsBoard(prefix, ALL_TIME), r.id, r.points);
      add(organizationTypeBoard(prefix, r.type, ALL_TIME), r.id, r.points);
    }

    const organizationMonths = await client.query<{
      organization_id: string;
      month: string;
      points: number;
    }>(
      `SELECT m.organization_id::text, mp.month, sum(mp.points)::integer AS points
         FROM memberships m
         JOIN organizations o ON o.id = m.organization_id AND o.approved AND NOT o.deleted
         JOIN monthly_points mp ON mp.user_id = m.user_id
        GROUP BY m.organization_id, mp.month
       HAVING sum(mp.points) > 0`,
    );
    for (const r of organizationMonths.rows) {
      const type = typeOf.get(r.organization_id);
      if (!type || !isBoardMonth(r.month)) continue;
      const period: BoardPeriod = r.month;
      add(organizationsBoard(prefix, period), r.organization_id, r.points);
      add(organizationTypeBoard(prefix, type, period), r.organization_id, r.points);
    }

    const existing = await scanKeys(redis, boardKeyPattern(prefix));
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
    const results = await pipeline.exec();
    for (const [error] of results ?? []) if (error) throw error;
    return { boards: boards.size, entries };
  });
