import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import { offsetClock, type Clock } from '@campus/contracts';
import { createCommandApp, createStreamCallerResolver } from '@campus/command-service';
import {
  closeServer,
  createEventStore,
  createFirebaseTokenVerifier,
  createLogger,
  createPersonalDataVault,
  createPool,
  listen,
  loadEnv,
  serviceEnvSchema,
} from '@campus/infra';
import { TOOLING_CLOCK_HEADER } from './tooling-clock';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

type ToolingCommandService = {
  /** http://127.0.0.1:<ephemeral port> */
  readonly url: string;
  readonly stop: () => Promise<void>;
};

/**
 * The real command service (same deciders, event store, idempotency keys and personal-data vault)
 * run inside a tool (the demo loader, the browser tests' set-up) on 127.0.0.1 and an ephemeral
 * port, whose clock each request may set with `X-Tooling-Clock: <instant>`. This is how tools
 * reach the past: an opportunity is created, approved and filled "days before" it starts and its
 * attendance is marked "after" it, every rule checked at that instant. Only this instance reads
 * the header; the services the product runs never do (see docs/demo-data.md).
 *
 * Configuration comes from the same variables as the command service (DATABASE_URL,
 * EVENTSTORE_URL, FIREBASE_PROJECT_ID, ADMIN_EMAILS, ...), `overrides` first; it refuses
 * APP_ENV=production.
 */
export const startToolingCommandService = async (
  overrides: NodeJS.ProcessEnv = {},
): Promise<ToolingCommandService> => {
  const env = loadEnv(serviceEnvSchema, { ...process.env, ...overrides });
  if (env.APP_ENV === 'production')
    throw new Error('the tooling command service sets its own clock: never in production');
  const logger = createLogger('tooling-command-service', 'warn');
  const pool = createPool(env.DATABASE_URL, { applicationName: 'tooling-command-service', max: 8 });
  const store = await createEventStore({ pool, eventStoreUrl: env.EVENTSTORE_URL });
  // Tools send JSON only; uploads go through the product's own service.
  const uploadDir = await mkdtemp(join(tmpdir(), 'campus-tooling-'));

  const requestInstant = new AsyncLocalStorage<Date>();
  const fallback = offsetClock(env.CLOCK_OFFSET_MS);
  const clock: Clock = {
    now: () => {
      const at = requestInstant.getStore();
      return at ? new Date(at) : fallback.now();
    },
  };
  const commands = createCommandApp({
    store,
    pool,
    uploadDir,
    vault: createPersonalDataVault(pool),
    verifier: createFirebaseTokenVerifier({ projectId: env.FIREBASE_PROJECT_ID }),
    resolveCaller: createStreamCallerResolver(store),
    clock,
    config: env,
    logger,
  });

  const atRequestedInstant: RequestHandler = (req, res, next) => {
    const header = req.get(TOOLING_CLOCK_HEADER);
    if (header === undefined) {
      next();
      return;
    }
    const at = new Date(header);
    if (!ISO_INSTANT.test(header) || Number.isNaN(at.getTime())) {
      res
        .status(400)
        .type('application/problem+json')
        .json({
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          detail: `${TOOLING_CLOCK_HEADER} must be an ISO 8601 instant`,
          errors: [{ field: TOOLING_CLOCK_HEADER, message: 'must be an ISO 8601 instant' }],
        });
      return;
    }
    requestInstant.run(at, next);
  };
  const app = express();
  app.disable('x-powered-by');
  // The body is read before the clock is set: a stream's callbacks would not carry the instant.
  app.use(express.json({ limit: '1mb' }));
  app.use(atRequestedInstant);
  app.use(commands);

  const server: Server = await listen(app, 0, '127.0.0.1');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('tooling service has no port');
  return {
    url: `http://127.0.0.1:${String(address.port)}`,
    stop: async () => {
      await closeServer(server);
      await store.close();
      await pool.end();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
};
