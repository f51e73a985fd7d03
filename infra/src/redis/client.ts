import { Redis, type RedisOptions } from 'ioredis';

export type RedisClient = Redis;

/**
 * A Redis connection for boards and workers. Commands wait through reconnects instead of failing
 * (`maxRetriesPerRequest: null`, as BullMQ requires), so a Redis restart delays, never skips, a write.
 */
export const createRedisClient = (url: string, options: RedisOptions = {}): RedisClient =>
  new Redis(url, { maxRetriesPerRequest: null, ...options });
