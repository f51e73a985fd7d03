import type { Request, RequestHandler, Router } from 'express';
import type { z } from 'zod';
import type { Clock, EventStore, ProductConfig, RouteDefinition } from '@campus/contracts';
import {
  parseOrThrow,
  refuseControlCharacters,
  requireAuth,
  type CallerResolver,
  type Logger,
  type Pool,
  type TokenVerifier,
} from '@campus/infra';
import type { JobQueues } from '@campus/read-model';
import { readYourWrites } from '../consistency/read-your-writes';
import type { VisiblePositionTracker } from '../consistency/visible-position';
import type { LiveHub } from '../live/live-hub';
import type { RedisClient } from '@campus/infra';

/** What every query area is given. */
export type QueryDeps = {
  readonly pool: Pool;
  /** The leaderboards (sorted sets written by the projection worker). */
  readonly redis: RedisClient;
  /** Prefix of the board keys, the same as the projection worker's. */
  readonly boardPrefix: string;
  /** Where uploaded files are, served read-only under /files/. */
  readonly uploadDir: string;
  readonly verifier: TokenVerifier;
  readonly resolveCaller: CallerResolver;
  readonly tracker: VisiblePositionTracker;
  readonly clock: Clock;
  readonly config: ProductConfig;
  readonly logger: Logger;
  /** BullMQ queues, to read report and replay job states; optional in tests. */
  readonly jobs?: JobQueues;
  /** Where the report jobs write their files (REPORTS_DIR); defaults to var/reports. */
  readonly reportsDir?: string;
  /** Origins allowed by CORS (CORS_ORIGIN); the default when absent. */
  readonly corsOrigins?: readonly string[];
  /** The live streams (docs/live-updates.md); without it, GET /api/live answers 503. */
  readonly live?: LiveHub;
  /** The event store, read for admins' audit of a stream; optional in tests. */
  readonly store?: EventStore;
};

/**
 * Mounts one GET route of the contracts table: control characters in its parameters refused, its
 * auth level, and (for authenticated callers only) the wait for the caller's own writes.
 */
export const mountQuery = (
  router: Router,
  route: RouteDefinition,
  deps: QueryDeps,
  handler: RequestHandler,
) => {
  if (route.method !== 'GET')
    throw new Error(`The query service answers GET only, not ${route.method} ${route.path}`);
  router.get(
    route.path,
    refuseControlCharacters(),
    requireAuth(route.auth, deps.verifier, deps.resolveCaller, {
      afterAuthentication: readYourWrites(deps.tracker),
    }),
    handler,
  );
};

/** The route's query parameters, parsed with its contracts schema (400 naming each bad one). */
export const queryOf = <R extends RouteDefinition & { readonly query: z.ZodType }>(
  route: R,
  req: Request,
): z.output<R['query']> => parseOrThrow<R['query']>(route.query, req.query);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** A path parameter as a lowercase id, or null when it cannot name anything. */
export const idParam = (req: Request, name = 'id'): string | null => {
  const value = req.params[name];
  return typeof value === 'string' && isUuid(value) ? value.toLowerCase() : null;
};
