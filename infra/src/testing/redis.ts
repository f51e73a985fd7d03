import { randomBytes } from 'node:crypto';
import type { RedisClient } from '../redis/client';

export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** A key prefix of its own for one test file, so files can share one Redis server. */
export const testRedisPrefix = (label: string) =>
  `test:${label}:${randomBytes(4).toString('hex')}:`;

/** Unlinks every key under `prefix` (a test's, or a bench run's, when it is done). */
export const deleteRedisPrefix = async (redis: RedisClient, prefix: string) => {
  // A prefix holding a glob character must match only itself.
  const pattern = `${prefix.replace(/[*?[\]\\]/g, (c) => `\\${c}`)}*`;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1_000);
    if (keys.length) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
};
