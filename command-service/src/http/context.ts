import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Router } from 'express';
import type {
  Clock,
  EventMetadata,
  EventStore,
  ProductConfig,
  RouteDefinition,
} from '@campus/contracts';
import {
  callerOf,
  refuseControlCharacters,
  requireAuth,
  type CallerResolver,
  type Logger,
  type PersonalDataVault,
  type Pool,
  type TokenVerifier,
} from '@campus/infra';
import type { JobQueues } from '@campus/read-model';
import { idempotency } from './idempotency';

/** What every command slice is given. */
export type CommandDeps = {
  readonly store: EventStore;
  /** Postgres for the command side's own tables (idempotency keys, personal-data keys). */
  readonly pool: Pool;
  readonly uploadDir: string;
  readonly vault: PersonalDataVault;
  readonly verifier: TokenVerifier;
  readonly resolveCaller: CallerResolver;
  readonly clock: Clock;
  readonly config: ProductConfig;
  readonly logger: Logger;
  /** BullMQ queues of report and replay jobs (the projection worker runs them); optional in tests. */
  readonly jobs?: JobQueues;
  /** Per-user command rate limit, mounted after authentication (main wires it; tests may). */
  readonly rateLimit?: RequestHandler;
  /** Origins allowed by CORS (CORS_ORIGIN); the default when absent. */
  readonly corsOrigins?: readonly string[];
  /**
   * Which event store `store` is: 'postgres' when its events are in `es.events` of `pool`'s
   * database. Only then does a retry take over an Idempotency-Key claim its service abandoned
   * (killed, or Postgres down mid-command); absent, such a retry keeps getting 409.
   */
  readonly eventStoreKind?: 'postgres' | 'eventstoredb';
};

export const commandMetadata = (
  req: Request,
  commandName: string,
  clock: Clock,
): EventMetadata => ({
  actorUserId: callerOf(req)?.userId ?? null,
  correlationId: req.get('x-correlation-id') ?? randomUUID(),
  causationId: null,
  commandName,
  occurredAt: clock.now().toISOString(),
});

/**
 * Mounts one route of the contracts table: control characters in its path and query refused, its
 * auth level, the per-user rate limit, then (for multipart routes) the form parser given first,
 * then Idempotency-Key handling, then the handler.
 */
export const mountRoute = (
  router: Router,
  route: RouteDefinition,
  deps: CommandDeps,
  ...handlers: RequestHandler[]
) => {
  const method = route.method.toLowerCase() as 'post' | 'put' | 'delete' | 'get';
  const [first, ...rest] = handlers;
  if (!first) throw new Error(`No handler for ${route.method} ${route.path}`);
  const parsers = route.multipart ? [first] : [];
  const tail = route.multipart ? rest : handlers;
  router[method](
    route.path,
    refuseControlCharacters(),
    requireAuth(route.auth, deps.verifier, deps.resolveCaller),
    ...(deps.rateLimit ? [deps.rateLimit] : []),
    ...parsers,
    idempotency(deps.pool, { eventsInPool: deps.eventStoreKind === 'postgres' }),
    ...tail,
  );
};
