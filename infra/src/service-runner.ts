import type { Server, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { ConfigError, serviceEnvSchema } from './config/service-env';
import type { Pool } from './db/pool';
import { createLogger } from './logging';

/**
 * Where a service is in its life: ready until SIGTERM (or SIGINT) arrives, then draining until it
 * exits. Given by `runService` to the service's `start`.
 */
export type Lifecycle = {
  /** True until shutdown begins; /readyz answers 503 from then on. */
  readonly ready: () => boolean;
  /** Aborted the moment shutdown begins. */
  readonly draining: AbortSignal;
};

/** A lifecycle and the switch that begins its drain (the runner's, or a test's). */
export const createLifecycle = (): Lifecycle & { readonly drain: () => void } => {
  const controller = new AbortController();
  return {
    ready: () => !controller.signal.aborted,
    draining: controller.signal,
    drain: () => controller.abort(),
  };
};

type Stoppable = {
  /** Stops accepting work, finishes what is in flight and closes its connections. */
  readonly stop: () => Promise<void>;
  /**
   * How long the service keeps accepting requests after the signal, not ready, before `stop`
   * (load balancers probing /readyz take it out meanwhile); 0 by default.
   */
  readonly drainMs?: number;
  /** From the signal, how long the drain and `stop` may take before the exit is forced (code 1); 10 s by default. */
  readonly timeoutMs?: number;
};

const DEFAULT_STOP_TIMEOUT_MS = 10_000;

/**
 * Starts a service: a configuration error prints its message and exits 1 (no stack trace).
 * SIGINT/SIGTERM begin its shutdown: the lifecycle turns to draining at once, `stop` runs after
 * the service's `drainMs` (a second signal cuts that wait short) and the process exits 0 once it
 * has finished, or 1 if it failed or `timeoutMs` ran out first.
 */
export const runService = async (
  name: string,
  start: (lifecycle: Lifecycle) => Promise<Stoppable>,
) => {
  const logger = createLogger(name);
  const lifecycle = createLifecycle();
  let service: Stoppable;
  try {
    service = await start(lifecycle);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${name}: ${error.message}`);
    } else {
      logger.fatal({ err: error }, 'failed to start');
    }
    process.exit(1);
  }
  const drainMs = service.drainMs ?? 0;
  const timeoutMs = service.timeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
  const drainWait = new AbortController();
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      drainWait.abort();
      return;
    }
    stopping = true;
    lifecycle.drain();
    logger.info({ signal, drainMs, timeoutMs }, 'draining');
    const force = setTimeout(() => {
      logger.error({ timeoutMs }, 'shutdown took too long; exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    sleep(drainMs, drainWait.signal)
      .then(() => {
        logger.info('stopping');
        return service.stop();
      })
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
};

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Once `draining` is aborted, every response whose headers are still unsent carries
 * `Connection: close` (those in flight and those of requests arriving during the drain), so
 * clients open their next request elsewhere instead of reusing a connection about to close.
 */
export const closeConnectionsWhenDraining = (server: Server, draining: AbortSignal) => {
  const open = new Set<ServerResponse>();
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('connection', 'close');
  };
  // Before the application's own listener, which may answer synchronously.
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (draining.aborted) {
      closeAfter(res);
      return;
    }
    open.add(res);
    res.once('close', () => open.delete(res));
  });
  draining.addEventListener(
    'abort',
    () => {
      for (const res of open) closeAfter(res);
      open.clear();
    },
    { once: true },
  );
};

/** How often idle connections are closed while in-flight requests finish. */
const IDLE_SWEEP_MS = 100;

/**
 * Closes an HTTP server: stops accepting connections, ends idle keep-alive connections, lets
 * in-flight requests finish (their connections end once answered) and resolves when every
 * connection is gone. After `graceMs`, if given, the connections still open are cut.
 */
export const closeServer = (server: Server, options: { readonly graceMs?: number } = {}) =>
  new Promise<void>((resolve, reject) => {
    // A connection answered after the close turns idle later (a response already streaming when
    // the drain began has no `Connection: close`): swept until none is left.
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    const cut =
      options.graceMs === undefined
        ? undefined
        : setTimeout(() => server.closeAllConnections(), options.graceMs);
    server.close((error) => {
      clearInterval(sweep);
      clearTimeout(cut);
      if (error) reject(error);
      else resolve();
    });
    server.closeIdleConnections();
  });

export const listen = (
  app: { listen: (port: number, host: string, cb: () => void) => Server },
  port: number,
  host = '127.0.0.1',
) =>
  new Promise<Server>((resolve) => {
    const server = app.listen(port, host, () => resolve(server));
  });

/** Shutdown settings of an HTTP service (its env.ts spreads them; `shutdownSettings` reads them). */
export const shutdownEnvShape = {
  /**
   * After SIGTERM: how long the service keeps answering, not ready, before it stops accepting
   * connections. 2000 in production, 0 elsewhere, when unset.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /** After SIGTERM: when the exit is forced (code 1) if draining and stopping are not done. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
};

export const DEFAULT_PRODUCTION_DRAIN_MS = 2_000;

export type ShutdownSettings = {
  readonly drainMs: number;
  readonly timeoutMs: number;
  /**
   * After the drain, how long in-flight requests may take before their connections are cut: what
   * is left of the timeout, less a quarter of it (at most 3 s) kept for closing pools and clients.
   */
  readonly closeGraceMs: number;
};

type ShutdownEnv = {
  readonly APP_ENV: string;
  readonly SHUTDOWN_DRAIN_MS?: number | undefined;
  readonly SHUTDOWN_TIMEOUT_MS: number;
};

/** The drain and forced-exit times of a parsed environment. */
export const shutdownSettings = (env: ShutdownEnv): ShutdownSettings => {
  const drainMs =
    env.SHUTDOWN_DRAIN_MS ?? (env.APP_ENV === 'production' ? DEFAULT_PRODUCTION_DRAIN_MS : 0);
  const timeoutMs = env.SHUTDOWN_TIMEOUT_MS;
  const left = Math.max(0, timeoutMs - drainMs);
  return { drainMs, timeoutMs, closeGraceMs: left - Math.min(3_000, Math.floor(left / 4)) };
};

/**
 * Refuses a forced exit that would come before the drain ends (with room to finish requests);
 * for an env schema's `superRefine`.
 */
export const checkShutdownEnv = (env: ShutdownEnv, ctx: z.RefinementCtx) => {
  const { drainMs, timeoutMs } = shutdownSettings(env);
  if (timeoutMs < drainMs + 1_000) {
    ctx.addIssue({
      code: 'custom',
      path: ['SHUTDOWN_TIMEOUT_MS'],
      message: `must be at least 1000 more than the drain (${String(drainMs)} ms)`,
    });
  }
};

/** An HTTP service's listen port: `fallback` when unset (0 takes a free one). */
export const listenPortEnv = (fallback: number) =>
  z.coerce.number().int().min(0).max(65535).default(fallback);

/** Listen address: this machine only by default; 0.0.0.0 where a gateway elsewhere calls it (containers). */
export const listenHostEnv = () => z.string().min(1).default('127.0.0.1');

/**
 * The settings of an HTTP service: those every service shares, its own `shape` (where it listens,
 * with listenPortEnv and listenHostEnv, and the rest), and the shutdown settings, checked together.
 */
export const httpServiceEnvSchema = <T extends z.ZodRawShape>(shape: T) =>
  serviceEnvSchema
    .extend({ ...shape, ...shutdownEnvShape })
    // Every such schema has APP_ENV and the shutdown settings; TypeScript cannot see it through T.
    .superRefine((env, ctx) => checkShutdownEnv(env as unknown as ShutdownEnv, ctx));

/** Why an instance is not ready, as /readyz says it. */
export type Readiness =
  { readonly ready: true } | { readonly ready: false; readonly reason: 'draining' | 'database' };

export type ReadinessCheck = () => Promise<Readiness>;

/**
 * Readiness: not once draining; otherwise Postgres must answer `SELECT 1` within `timeoutMs`.
 * The database's answer is kept `cacheMs` and asked once at a time, so probes stay cheap and a
 * hung database holds at most one pooled connection.
 */
export const createReadinessCheck = (options: {
  readonly pool: Pool;
  readonly lifecycle?: Lifecycle;
  readonly timeoutMs?: number;
  readonly cacheMs?: number;
}): ReadinessCheck => {
  const timeoutMs = options.timeoutMs ?? 1_000;
  const cacheMs = options.cacheMs ?? 1_000;
  let answered: { ok: boolean; at: number } | undefined;
  let asking: Promise<boolean> | undefined;
  let queryRunning = false;

  const askDatabase = async () => {
    // The last query has not even come back: no second one beside it.
    if (queryRunning) return false;
    queryRunning = true;
    const query = options.pool.query('SELECT 1').then(
      () => true,
      () => false,
    );
    void query.finally(() => {
      queryRunning = false;
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const ok = await Promise.race([query, timeout]);
    clearTimeout(timer);
    answered = { ok, at: Date.now() };
    return ok;
  };

  const databaseAnswers = () => {
    if (answered && Date.now() - answered.at < cacheMs) return Promise.resolve(answered.ok);
    asking ??= askDatabase().finally(() => {
      asking = undefined;
    });
    return asking;
  };

  return async () => {
    if (options.lifecycle && !options.lifecycle.ready())
      return { ready: false, reason: 'draining' };
    if (!(await databaseAnswers())) return { ready: false, reason: 'database' };
    // Shutdown may have begun while the database was asked.
    if (options.lifecycle && !options.lifecycle.ready())
      return { ready: false, reason: 'draining' };
    return { ready: true };
  };
};

/**
 * GET /readyz: 200 `{"status":"ready"}`, or 503 `{"status":"draining"}` once shutdown began, or
 * 503 `{"status":"unavailable","reason":"database"}` while Postgres does not answer. Never cached.
 * /healthz stays the liveness check: it answers while the process is up, draining or not.
 */
export const readinessHandler =
  (check: ReadinessCheck): RequestHandler =>
  async (_req, res) => {
    const readiness = await check();
    res.set('cache-control', 'no-store');
    if (readiness.ready) res.json({ status: 'ready' });
    else if (readiness.reason === 'draining') res.status(503).json({ status: 'draining' });
    else res.status(503).json({ status: 'unavailable', reason: readiness.reason });
  };
