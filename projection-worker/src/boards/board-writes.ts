import type { RedisClient } from '@campus/infra';

const CHUNK = 500;

/**
 * Collects absolute scores (ZADD) and removals (ZREM) per key, then sends them in one pipeline.
 * A later call for the same key and member wins, so callers may write in any order of discovery.
 */
export const createBoardWrites = () => {
  const writes = new Map<string, Map<string, number | null>>();
  const entry = (key: string) => {
    let members = writes.get(key);
    if (!members) writes.set(key, (members = new Map<string, number | null>()));
    return members;
  };
  return {
    set(key: string, member: string, score: number) {
      entry(key).set(member, score);
    },
    remove(key: string, member: string) {
      entry(key).set(member, null);
    },
    get size() {
      let n = 0;
      for (const members of writes.values()) n += members.size;
      return n;
    },
    /** Sends everything in one pipeline; throws the first command error. */
    async flush(redis: RedisClient) {
      if (!writes.size) return;
      const pipeline = redis.pipeline();
      for (const [key, members] of writes) {
        const adds: (string | number)[] = [];
        const removals: string[] = [];
        for (const [member, score] of members) {
          if (score === null) removals.push(member);
          else adds.push(score, member);
        }
        for (let i = 0; i < adds.length; i += CHUNK * 2) {
          pipeline.zadd(key, ...adds.slice(i, i + CHUNK * 2));
        }
        for (let i = 0; i < removals.length; i += CHUNK) {
          pipeline.zrem(key, ...removals.slice(i, i + CHUNK));
        }
      }
      const results = await pipeline.exec();
      for (const [error] of results ?? []) if (error) throw error;
    },
  };
};
export type BoardWrites = ReturnType<typeof createBoardWrites>;
