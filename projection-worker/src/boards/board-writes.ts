import { describeError, withRedisDeadline, type RedisClient } from '@campus/infra';

const CHUNK = 500;

/**
 * Redis failed (down, frozen, timed out, or refused a command) while boards were read or written.
 * Postgres errors never take this form, so a caller can tell a Redis outage, after which the
 * boards are owed and rebuilt once Redis answers, from a read-model failure.
 */
export class BoardsRedisError extends Error {
  override readonly name = 'BoardsRedisError';
  constructor(cause: unknown) {
    super(`Redis failed on the boards: ${describeError(cause)}`, { cause });
  }
}

/** Runs Redis calls; any failure becomes a BoardsRedisError. */
export const onRedis = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    throw error instanceof BoardsRedisError ? error : new BoardsRedisError(error);
  }
};

/** Sends a pipeline or transaction; throws the first command error. */
export const execAll = async (batch: {
  exec: () => Promise<[error: Error | null, result: unknown][] | null>;
}): Promise<void> => {
  const results = await batch.exec();
  for (const [error] of results ?? []) if (error) throw error;
};

/**
 * Collects absolute scores (ZADD) and removals (ZREM) per key, then sends them in one pipeline.
 * A later call for the same key and member wins, so callers may write in any order of discovery.
 */
export const createBoardWrites = () => {
  const writes = new Map<string, Map<string, number | null>>();
  /** Plain values sent after the boards in the same pipeline (the boards' position). */
  const values = new Map<string, string>();
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
    /** SET `key` to `value` once the boards' writes are in (same pipeline, after them). */
    setValue(key: string, value: string) {
      values.set(key, value);
    },
    get size() {
      let n = 0;
      for (const members of writes.values()) n += members.size;
      return n;
    },
    /**
     * Sends everything in one pipeline; throws the first command error, or the command timeout
     * passing (also on a client made without one), as a BoardsRedisError.
     */
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
      for (const [key, value] of values) pipeline.set(key, value);
      await onRedis(() => withRedisDeadline(redis, execAll(pipeline)));
    },
  };
};
export type BoardWrites = ReturnType<typeof createBoardWrites>;
