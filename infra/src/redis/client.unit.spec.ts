import { describe, expect, it } from 'vitest';
import {
  createJobWorkerRedisClient,
  createRedisClient,
  DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
  REDIS_CONNECT_TIMEOUT_MS,
} from './client';
import {
  isRedisUnavailableError,
  LeaderboardsUnavailableError,
  RedisDeadlineError,
  withRedisDeadline,
} from './unavailable';

// lazyConnect: the clients are only inspected, never connected.
const URL = 'redis://127.0.0.1:1';

describe('Redis clients', () => {
  it('bounds every command, the connection attempt and the retries of our own clients', () => {
    const redis = createRedisClient(URL, { lazyConnect: true });
    expect(redis.options.commandTimeout).toBe(DEFAULT_REDIS_COMMAND_TIMEOUT_MS);
    expect(DEFAULT_REDIS_COMMAND_TIMEOUT_MS).toBeGreaterThanOrEqual(1_000);
    expect(DEFAULT_REDIS_COMMAND_TIMEOUT_MS).toBeLessThanOrEqual(2_000);
    expect(redis.options.connectTimeout).toBe(REDIS_CONNECT_TIMEOUT_MS);
    expect(typeof redis.options.maxRetriesPerRequest).toBe('number');
    redis.disconnect();
  });

  it('takes the configured command timeout and other options from the caller', () => {
    const redis = createRedisClient(URL, {
      lazyConnect: true,
      commandTimeout: 750,
      enableOfflineQueue: false,
    });
    expect(redis.options.commandTimeout).toBe(750);
    expect(redis.options.enableOfflineQueue).toBe(false);
    redis.disconnect();
  });

  it("gives BullMQ Workers blocking connections: no command timeout, retries BullMQ's way", () => {
    const redis = createJobWorkerRedisClient(URL, { lazyConnect: true, commandTimeout: 750 });
    expect(redis.options.commandTimeout).toBeUndefined();
    expect(redis.options.maxRetriesPerRequest).toBeNull();
    expect(redis.options.connectTimeout).toBe(REDIS_CONNECT_TIMEOUT_MS);
    redis.disconnect();
  });
});

describe('Redis unavailability', () => {
  it('tells an unreachable or frozen Redis from a wrong command', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    const gaveUp = Object.assign(new Error('Reached the max retries per request limit'), {
      name: 'MaxRetriesPerRequestError',
    });
    for (const error of [
      new Error('Command timed out'),
      new Error('Connection is closed.'),
      new Error("Stream isn't writeable and enableOfflineQueue options is false"),
      new Error('LOADING Redis is loading the dataset in memory'),
      new RedisDeadlineError(10),
      gaveUp,
    ])
      expect(isRedisUnavailableError(error)).toBe(true);
    for (const error of [
      new Error('WRONGTYPE Operation against a key holding the wrong kind of value'),
      // Postgres refusing a connection is not Redis.
      refused,
      new Error('relation "read.users" does not exist'),
      'Command timed out',
      null,
    ])
      expect(isRedisUnavailableError(error)).toBe(false);
  });

  it('gives up a call past the command timeout even on a client made without one', async () => {
    const redis = createRedisClient(URL, { lazyConnect: true, commandTimeout: 100 });
    const never = new Promise<string>(() => undefined);
    const started = Date.now();
    await expect(withRedisDeadline(redis, never)).rejects.toBeInstanceOf(RedisDeadlineError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    await expect(withRedisDeadline(redis, Promise.resolve('ok'))).resolves.toBe('ok');
    redis.disconnect();
  });

  it('answers a leaderboard read 503 with a title, a detail and a retry delay', () => {
    const away = new LeaderboardsUnavailableError('unavailable');
    expect(away.status).toBe(503);
    expect(away.title).toBe('Leaderboards are temporarily unavailable');
    expect(away.retryAfterSeconds).toBeGreaterThan(0);
    const rebuilding = new LeaderboardsUnavailableError('rebuilding');
    expect(rebuilding.title).toBe('Leaderboards are being rebuilt');
    expect(rebuilding.message).toBe('Leaderboards are being rebuilt; try again in a few seconds.');
  });
});
