import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { texts } from '@campus/contracts';
import { identityOf } from './auth-middleware';
import { TooManyRequestsError } from './errors';

export type RateLimitOptions = {
  /** Requests one user may send per window; 0 turns the limit off. */
  readonly points: number;
  readonly windowSeconds: number;
  /** Where the counters live, so that every instance of a service shares them. */
  readonly redis: Redis;
  /** Key prefix of the counters in Redis. */
  readonly keyPrefix: string;
};

/** The verified user behind the request (after requireAuth), else the client address. */
const keyOf = (req: Request): string => {
  try {
    return `user:${identityOf(req).uid}`;
  } catch {
    return `ip:${req.ip ?? 'unknown'}`;
  }
};

/**
 * Per-user rate limit of commands, counted in Redis (rate-limiter-flexible) so that it holds across
 * instances. Mounted after authentication. Over the limit: 429 problem details with Retry-After.
 * While Redis cannot answer, an in-memory limiter of the same size stands in, so commands go on.
 */
export const perUserRateLimit = (options: RateLimitOptions): RequestHandler => {
  if (options.points === 0) return (_req, _res, next) => next();
  const limiter = new RateLimiterRedis({
    storeClient: options.redis,
    keyPrefix: options.keyPrefix,
    points: options.points,
    duration: options.windowSeconds,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({
      keyPrefix: options.keyPrefix,
      points: options.points,
      duration: options.windowSeconds,
    }),
  });
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
