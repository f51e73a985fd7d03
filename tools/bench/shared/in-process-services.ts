import type { Server } from 'node:http';
import { productConfigSchema, systemClock, type EventStore } from '@campus/contracts';
import { createCommandApp, createStreamCallerResolver } from '@campus/command-service';
import {
  closeServer,
  createFirebaseTokenVerifier,
  createLogger,
  createPersonalDataVault,
  listen,
  type Pool,
  type RedisClient,
} from '@campus/infra';
import { TEST_FIREBASE_PROJECT_ID } from '@campus/infra/testing';
import { allProjections, runProjectionsUntilAborted } from '@campus/projection-worker';
import {
  createQueryApp,
  createReadModelCallerResolver,
  createVisiblePositionTracker,
} from '@campus/query-service';
import { sleep } from './measure';

type InProcessOptions = {
  readonly pool: Pool;
  readonly databaseUrl: string;
  readonly store: EventStore;
  readonly redis: RedisClient;
  readonly redisPrefix: string;
  readonly uploadDir: string;
  /** The admins' emails, comma-separated (ADMIN_EMAILS). */
  readonly adminEmail: string;
};

/**
 * The command service, the query service and the projection worker in this one process (one event
 * loop), as the bench ran them before they ran as processes of their own (BENCH_STACK=single):
 * without the command rate limiter, the job queues and the mail outbox.
 */
export const startInProcessServices = async (options: InProcessOptions) => {
  const { pool, store } = options;
  const logger = createLogger('bench', 'warn');
  const config = productConfigSchema.parse({ ADMIN_EMAILS: options.adminEmail });
  const verifier = createFirebaseTokenVerifier({ projectId: TEST_FIREBASE_PROJECT_ID });
  const vault = createPersonalDataVault(pool);
  const commandApp = createCommandApp({
    store,
    pool,
    uploadDir: options.uploadDir,
    vault,
    verifier,
    resolveCaller: createStreamCallerResolver(store),
    clock: systemClock,
    config,
    logger,
  });
  const tracker = createVisiblePositionTracker({ pool, databaseUrl: options.databaseUrl, logger });
  await tracker.start();
  const queryApp = createQueryApp({
    pool,
    redis: options.redis,
    boardPrefix: options.redisPrefix,
    uploadDir: options.uploadDir,
    verifier,
    resolveCaller: createReadModelCallerResolver(pool),
    tracker,
    clock: systemClock,
    config,
    logger,
  });
  const servers: Server[] = [await listen(commandApp, 0), await listen(queryApp, 0)];
  const urlOf = (server: Server) => {
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('server has no port');
    return `http://127.0.0.1:${String(address.port)}`;
  };
  const worker = new AbortController();
  const running = runProjectionsUntilAborted({
    store,
    pool,
    vault,
    logger,
    projections: allProjections,
    redis: options.redis,
    keyPrefix: options.redisPrefix,
    signal: worker.signal,
  });
  return {
    commandUrl: urlOf(servers[0] as Server),
    queryUrl: urlOf(servers[1] as Server),
    /** Nothing runs apart: a crash is the bench's own exception. */
    check: () => undefined,
    stop: async () => {
      worker.abort();
      await running;
      for (const server of servers) await closeServer(server);
      // Requests whose client has gone may still be running: let them end before the pool does.
      await sleep(2_000);
      await tracker.close();
    },
  };
};
