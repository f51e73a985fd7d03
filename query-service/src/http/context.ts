import type { RequestHandler, Router } from 'express';
import type { Clock, ProductConfig, RouteDefinition } from '@campus/contracts';
import {
  requireAuth,
  type CallerResolver,
  type Logger,
  type Pool,
  type TokenVerifier,
} from '@campus/infra';
import type { VisiblePositionTracker } from '../consistency/visible-position';

/** What every query area is given. */
export type QueryDeps = {
  readonly pool: Pool;
  /** Where uploaded files are, served read-only under /files/. */
  readonly uploadDir: string;
  readonly verifier: TokenVerifier;
  readonly resolveCaller: CallerResolver;
  readonly tracker: VisiblePositionTracker;
  readonly clock: Clock;
  readonly config: ProductConfig;
  readonly logger: Logger;
};

/** Mounts one GET route of the contracts table with its auth level. */
export const mountQuery = (
  router: Router,
  route: RouteDefinition,
  deps: QueryDeps,
  handler: RequestHandler,
) => {
  if (route.method !== 'GET')
    throw new Error(`The query service answers GET only, not ${route.method} ${route.path}`);
  router.get(route.path, requireAuth(route.auth, deps.verifier, deps.resolveCaller), handler);
};
