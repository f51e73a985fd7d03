import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import {
  BurstyRateLimiter,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { texts } from '@campus/contracts';
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
};

/** How often the burst allowance refills: rare enough that the sustained rate stays `points`. */
export const BURST_WINDOW_SECONDS = 60;

/** A Redis limiter, with an in-memory one of the same size standing in while Redis is away. */
const limiterOf = (redis: Redis, keyPrefix: string, points: number, duration: number) =>
  new RateLimiterRedis({
    storeClient: redis,
    keyPrefix,
    points,
    duration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
  });

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
 * While Redis cannot answer, an in-memory limiter of the same size stands in, so commands go on.
 */
export const perUserRateLimit = (options: RateLimitOptions): RequestHandler => {
  if (options.points === 0) return (_req, _res, next) => next();
  const steady = limiterOf(options.redis, options.keyPrefix, options.points, options.windowSeconds);
  const extra = Math.max(0, (options.burst ?? options.points) - options.points);
  const limiter =
    extra > 0
      ? new BurstyRateLimiter(
          steady,
          limiterOf(options.redis, `${options.keyPrefix}:burst`, extra, BURST_WINDOW_SECONDS),
        )
      : steady;
  return (req, res, next) => {
    limiter.consume(keyOf(req)).then(
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
