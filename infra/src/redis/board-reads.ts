import { UNKNOWN_RANK } from '@campus/contracts';
import type { RedisClient } from './client';
import { rankFromHigherCount } from './ranking';

/** A member's competition rank on a board: 1 + members with a strictly higher score; 999 if absent. */
export const rankOnBoard = async (
  redis: RedisClient,
  key: string,
  member: string,
): Promise<number> => {
  const score = await redis.zscore(key, member);
  if (score === null) return UNKNOWN_RANK;
  const higher = await redis.zcount(key, `(${score}`, '+inf');
  return rankFromHigherCount(higher);
};

export type BoardEntry = { readonly member: string; readonly score: number; readonly rank: number };

/**
 * A page of a board, highest first, each with its competition rank. The first entry's rank is
 * counted in Redis, so a page that starts inside a tie still shows the shared rank.
 */
export const readBoard = async (
  redis: RedisClient,
  key: string,
  options: { readonly offset?: number; readonly limit?: number } = {},
): Promise<BoardEntry[]> => {
  const offset = options.offset ?? 0;
  const limit = options.limit ?? 100;
  if (limit <= 0) return [];
  const flat = await redis.zrevrange(key, offset, offset + limit - 1, 'WITHSCORES');
  const entries: BoardEntry[] = [];
  let previous: { score: number; rank: number } | null = null;
  for (let i = 0; i + 1 < flat.length; i += 2) {
    const member = flat[i] ?? '';
    const score = Number(flat[i + 1]);
    let rank: number;
    if (previous && previous.score === score) rank = previous.rank;
    else if (previous) rank = offset + i / 2 + 1;
    else rank = rankFromHigherCount(await redis.zcount(key, `(${String(score)}`, '+inf'));
    entries.push({ member, score, rank });
    previous = { score, rank };
  }
  return entries;
};
