import type { Request, Response } from 'express';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateRedis, type PrivateRedis } from '../testing/private-services';
import { TooManyRequestsError } from './errors';
import { perUserRateLimit } from './rate-limit';

/**
 * A Redis that accepts connections but never answers (SIGSTOP: frozen, or a blackholed port) does
 * not hold commands up: the limiter gives Redis the command timeout at most, even on a client
 * made without one, then counts in memory, and for a while in memory alone.
 */
const LIMIT = 3;
/** A request still waiting on the limiter after this hangs. */
const HANG_MS = 8_000;

type Outcome = { readonly error: unknown; readonly headers: Record<string, string> };

describe('command rate limit while Redis is frozen', () => {
  let server: PrivateRedis;
  let redis: Redis;

  beforeAll(async () => {
    server = await startPrivateRedis();
    // As unbounded as a client gets: no command timeout, commands wait through reconnects.
    redis = new Redis(server.url, { maxRetriesPerRequest: null });
    redis.on('error', () => undefined);
    await redis.ping();
  });
  afterAll(async () => {
    redis.disconnect();
    await server.stop();
  });

  it('lets commands through within the timeout, then counts them in memory at once', async () => {
    const limit = perUserRateLimit({
      redis,
      keyPrefix: 'rate-frozen',
      points: LIMIT,
      windowSeconds: 60,
      redisRetryMs: 60_000,
    });
    const consume = () =>
      Promise.race([
        new Promise<Outcome>((resolve) => {
          const headers: Record<string, string> = {};
          const res = {
            set(name: string, value: string) {
              headers[name] = value;
              return res;
            },
          };
          const req = { ip: '10.1.2.3', headers: {} };
          limit(req as unknown as Request, res as unknown as Response, (error?: unknown) =>
            resolve({ error, headers }),
          );
        }),
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), HANG_MS)),
      ]);

    server.pause();
    try {
      const outcomes: (Outcome | 'hung')[] = [];
      for (let i = 0; i <= LIMIT; i++) outcomes.push(await consume());
      expect(outcomes.slice(0, LIMIT)).toEqual(
        Array.from({ length: LIMIT }, () => ({
          error: undefined,
          headers: expect.objectContaining({ 'RateLimit-Limit': String(LIMIT) }) as unknown,
        })),
      );
      // The limit holds in memory.
      const over = outcomes[LIMIT];
      expect(over).not.toBe('hung');
      expect((over as Outcome).error).toBeInstanceOf(TooManyRequestsError);
      expect(Number((over as Outcome).headers['Retry-After'])).toBeGreaterThan(0);
    } finally {
      server.resume();
    }
  }, 30_000);
});
