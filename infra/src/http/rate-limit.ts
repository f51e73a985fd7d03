import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import {
  BurstyRateLimiter,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { texts } from '@campus/contracts';
import { withRedisDeadline } from '../redis/unavailable';
import { identityOf } from './auth-middleware';
import { TooManyRequestsError } from './errors';

export type RateLimitOptions = {
  /** Requests one user may send per window (the sustained rate); 0 turns the limit off. */
  readonly points: number;
  readonly windowSeconds: number;
  /**
   * The most one user may send in one window (at least `points`): the extra `burst - points`
   * are an allowance refilled once every BURST_WINDOW_SECONDS. Unset: no burst beyond `points`.
   */
  readonly burst?: number;
  /** Where the counters live, so that every instance of a service shares them. */
  readonly redis: Redis;
  /** Key prefix of the counters in Redis. */
  readonly keyPrefix: string;
  /**
   * After Redis failed to count a request (down, frozen past the client's command timeout), how
   * long the in-memory counters alone are used before Redis is asked again.
   */
  readonly redisRetryMs?: number;
};

/** How often the burst allowance refills: rare enough that the sustained rate stays `points`. */
export const BURST_WINDOW_SECONDS = 60;

/** How long the limiter counts in memory alone after Redis failed it. */
export const DEFAULT_RATE_LIMIT_REDIS_RETRY_MS = 5_000;

/** The steady limiter and, with a burst allowance, the burst one on top. */
const withBurst = (
  steady: RateLimiterAbstract,
  burst: RateLimiterAbstract | null,
): Pick<BurstyRateLimiter, 'consume'> => (burst ? new BurstyRateLimiter(steady, burst) : steady);

/** The verified user behind the request (after requireAuth), else the client address. */
const keyOf = (req: Request): string => {
  try {
    return `user:${identityOf(req).uid}`;
  } catch {
    return `ip:${req.ip ?? 'unknown'}`;
  }
};

/**
 * Per-user rate limit of commands (docs/product-rules.md: 30 a second with a burst of 60), counted in Redis
 * (rate-limiter-flexible, a steady limiter and a burst allowance) so that it holds across
 * instances. Mounted after authentication. Over the limit: 429 problem details with Retry-After.
 * While Redis cannot answer, in-memory limiters of the same size stand in, so commands go on:
 * at once when the connection is down, after the client's command timeout at most when Redis
 * accepts connections but does not answer (frozen, blackholed); then for `redisRetryMs` the
 * memory alone counts, so one request in that time, not each, waits for Redis to fail.
 */
export const perUserRateLimit = (options: RateLimitOptions): RequestHandler => {
  if (options.points === 0) return (_req, _res, next) => next();
  const { redis, keyPrefix, points, windowSeconds } = options;
  const retryMs = options.redisRetryMs ?? DEFAULT_RATE_LIMIT_REDIS_RETRY_MS;
  const extra = Math.max(0, (options.burst ?? points) - points);
  const inRedis = (prefix: string, size: number, duration: number) =>
    new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: prefix,
      points: size,
      duration,
      // Not connected: fail at once rather than queue the command.
      rejectIfRedisNotReady: true,
    });
  const inMemory = (prefix: string, size: number, duration: number) =>
    new RateLimiterMemory({ keyPrefix: prefix, points: size, duration });
  const burstPrefix = `${keyPrefix}:burst`;
  const shared = withBurst(
    inRedis(keyPrefix, points, windowSeconds),
    extra > 0 ? inRedis(burstPrefix, extra, BURST_WINDOW_SECONDS) : null,
  );
  const local = withBurst(
    inMemory(keyPrefix, points, windowSeconds),
    extra > 0 ? inMemory(burstPrefix, extra, BURST_WINDOW_SECONDS) : null,
  );
  let redisAwayUntil = 0;
  const consume = async (key: string): Promise<RateLimiterRes> => {
    if (Date.now() < redisAwayUntil) return local.consume(key);
    try {
      return await withRedisDeadline(redis, shared.consume(key));
    } catch (error) {
      // Over the limit is an answer; anything else means Redis could not count this request.
      if (error instanceof RateLimiterRes) throw error;
      redisAwayUntil = Date.now() + retryMs;
      return local.consume(key);
    }
  };
  return (req, res, next) => {
    consume(keyOf(req)).then(
      (result) => {
        res.set('RateLimit-Limit', String(options.points));
        res.set('RateLimit-Remaining', String(result.remainingPoints));
        next();
      },
      (rejection: unknown) => {
        if (rejection instanceof RateLimiterRes) {
          const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
          res.set('Retry-After', String(seconds));
          res.set('RateLimit-Limit', String(options.points));
          res.set('RateLimit-Remaining', '0');
          next(new TooManyRequestsError(texts.api.tooManyRequests));
          return;
        }
        next(rejection as Error);
      },
    );
  };
};
