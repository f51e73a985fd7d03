import type { Pool } from '../db/pool';
import { boardKeyPattern } from '../redis/board-keys';
import type { RedisClient } from '../redis/client';

/** Columns a read-model snapshot leaves out, by table of the `read` schema. */
export type ColumnsLeftOut = Readonly<Record<string, readonly string[]>>;

/** Columns that say when a row was written, not what it holds: a rebuild differs in them only. */
export const WRITE_TIME_COLUMNS: ColumnsLeftOut = {
  checkpoints: ['updated_at'],
  dead_letters: ['failed_at'],
};

/**
 * Every row of every table of the `read` schema (as JSON text, sorted), minus the `leaveOut`
 * columns of each table: two read models holding the same facts give equal snapshots.
 */
export const readModelSnapshot = async (
  pool: Pool,
  leaveOut: ColumnsLeftOut,
): Promise<Record<string, string[]>> => {
  const { rows: tables } = await pool.query<{ relname: string }>(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'read' AND c.relkind = 'r' ORDER BY c.relname`,
  );
  const out: Record<string, string[]> = {};
  for (const { relname } of tables) {
    const { rows } = await pool.query<Record<string, unknown>>(`SELECT * FROM read."${relname}"`);
    const skip = leaveOut[relname] ?? [];
    out[relname] = rows
      .map((row) =>
        JSON.stringify(Object.fromEntries(Object.entries(row).filter(([c]) => !skip.includes(c)))),
      )
      .sort();
  }
  return out;
};

/** The keys of every board under `prefix`, sorted. */
export const boardKeys = async (redis: RedisClient, prefix: string): Promise<string[]> => {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(
      cursor,
      'MATCH',
      boardKeyPattern(prefix),
      'COUNT',
      1_000,
    );
    keys.push(...found);
    cursor = next;
  } while (cursor !== '0');
  return keys.sort();
};

/**
 * Every board under `prefix`, keyed by the part after it, with its `member=score` pairs sorted:
 * two equal answers mean the same boards holding the same members with the same scores.
 */
export const boardsUnder = async (
  redis: RedisClient,
  prefix: string,
): Promise<Record<string, string[]>> => {
  const out: Record<string, string[]> = {};
  for (const key of await boardKeys(redis, prefix)) {
    const entries = await redis.zrange(key, 0, -1, 'WITHSCORES');
    const pairs: string[] = [];
    for (let i = 0; i < entries.length; i += 2)
      pairs.push(`${entries[i] ?? ''}=${entries[i + 1] ?? ''}`);
    out[key.slice(prefix.length)] = pairs.sort();
  }
  return out;
};

/** The boards under a scratch `prefix`, as `boardsUnder` gives them; then they are unlinked. */
export const takeBoardsUnder = async (redis: RedisClient, prefix: string) => {
  const boards = await boardsUnder(redis, prefix);
  const keys = Object.keys(boards).map((k) => `${prefix}${k}`);
  if (keys.length) await redis.unlink(...keys);
  return boards;
};
