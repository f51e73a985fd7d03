import { Redis, type RedisOptions } from 'ioredis';

export type RedisClient = Redis;

/**
 * How long one Redis command may take before it fails (REDIS_COMMAND_TIMEOUT_MS). A Redis that
 * is down, restarting, or accepts connections but never answers costs a caller this much, never
 * more: boards, rate limits and job queues fall back or answer 503 instead of waiting.
 */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 2_000;

/** How long a connection attempt may take before ioredis gives it up and tries again. */
export const REDIS_CONNECT_TIMEOUT_MS = 3_000;

/**
 * Reconnection attempts a queued command waits through before it fails (the command timeout
 * usually comes first).
 */
export const REDIS_MAX_RETRIES_PER_REQUEST = 1;

/** The options of createRedisClient: bounded timeouts, then the caller's own. */
export const boundedRedisOptions = (options: RedisOptions = {}): RedisOptions => ({
  commandTimeout: DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
  maxRetriesPerRequest: REDIS_MAX_RETRIES_PER_REQUEST,
  ...options,
});

/**
 * A Redis connection for boards, rate limits and BullMQ queues (producers and job-state reads):
 * every command fails after `commandTimeout` (REDIS_COMMAND_TIMEOUT_MS, 2 s by default) and after
 * one reconnection attempt, so a Redis that is down or frozen costs a caller a bounded wait.
 * Not for BullMQ Workers: see createJobWorkerRedisClient.
 */
export const createRedisClient = (url: string, options: RedisOptions = {}): RedisClient =>
  new Redis(url, boundedRedisOptions(options));

/**
 * A Redis connection for BullMQ Workers only. Their blocking commands (BZPOPMIN) wait for jobs
 * longer than any command timeout, and BullMQ requires `maxRetriesPerRequest: null` on them, so
 * these commands wait through reconnects; only the connection attempt is bounded. A Worker runs
 * in the background, never on a request's path.
 */
export const createJobWorkerRedisClient = (
  url: string,
  options: RedisOptions = {},
): RedisClient => {
  const own: RedisOptions = { connectTimeout: REDIS_CONNECT_TIMEOUT_MS, ...options };
  delete own.commandTimeout;
  return new Redis(url, { ...own, maxRetriesPerRequest: null });
};
