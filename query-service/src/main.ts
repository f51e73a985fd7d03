import { offsetClock } from '@campus/contracts';
import {
  closeConnectionsWhenDraining,
  closeServer,
  createFirebaseTokenVerifier,
  createLogger,
  logCrashes,
  createEventStore,
  createPool,
  createReadinessCheck,
  listen,
  runService,
  shutdownSettings,
} from '@campus/infra';
import { createJobQueues } from '@campus/read-model';
import { loadQueryEnv } from './config/env';
import { createVisiblePositionTracker } from './consistency/visible-position';
import { createQueryApp } from './http/app';
import { createLiveHub } from './live/live-hub';
import { createRedisClient } from '@campus/infra';
import { createReadModelCallerResolver } from './users/caller-resolver';

await runService('query-service', async (lifecycle) => {
  const env = loadQueryEnv();
  const logger = createLogger('query-service');
  logCrashes(logger);
  const pool = createPool(env.DATABASE_URL, { applicationName: 'query-service', max: 20 });
  const tracker = createVisiblePositionTracker({
    pool,
    databaseUrl: env.DATABASE_URL,
    logger,
    positionsAreTransactionIds: !env.EVENTSTORE_URL,
  });
  await tracker.start();
  const redis = createRedisClient(env.REDIS_URL, { commandTimeout: env.REDIS_COMMAND_TIMEOUT_MS });
  redis.on('error', (error: unknown) => logger.warn({ err: error }, 'redis connection error'));
  const store = await createEventStore({ pool, eventStoreUrl: env.EVENTSTORE_URL, notify: false });
  const jobs = createJobQueues({ connection: redis, prefix: env.JOBS_PREFIX });
  // Live streams read the log between positions: the Postgres event store's only (docs/live-updates.md).
  const live = env.EVENTSTORE_URL ? undefined : createLiveHub({ pool, tracker, logger });
  const app = createQueryApp(
    {
      pool,
      redis,
      boardPrefix: env.REDIS_PREFIX,
      uploadDir: env.UPLOAD_DIR,
      verifier: createFirebaseTokenVerifier({ projectId: env.FIREBASE_PROJECT_ID }),
      resolveCaller: createReadModelCallerResolver(pool),
      tracker,
      clock: offsetClock(env.CLOCK_OFFSET_MS),
      config: env,
      logger,
      jobs,
      reportsDir: env.REPORTS_DIR,
      corsOrigins: env.CORS_ORIGIN,
      store,
      live,
    },
    { readiness: createReadinessCheck({ pool, lifecycle }) },
  );
  const server = await listen(app, env.QUERY_PORT, env.QUERY_HOST);
  closeConnectionsWhenDraining(server, lifecycle.draining);
  const shutdown = shutdownSettings(env);
  logger.info({ port: env.QUERY_PORT }, 'query service listening');
  return {
    drainMs: shutdown.drainMs,
    timeoutMs: shutdown.timeoutMs,
    // After the drain: no new connections, in-flight requests answered, then the clients closed.
    stop: async () => {
      // Streams never finish on their own: they end first, and their clients reconnect elsewhere.
      await live?.close();
      await closeServer(server, { graceMs: shutdown.closeGraceMs });
      await tracker.close();
      await jobs.close();
      await store.close();
      redis.disconnect();
      await pool.end();
    },
  };
});
