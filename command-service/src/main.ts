import { offsetClock } from '@campus/contracts';
import {
  closeConnectionsWhenDraining,
  closeServer,
  createEventStore,
  createFirebaseTokenVerifier,
  createLogger,
  logCrashes,
  createPersonalDataVault,
  createPool,
  createReadinessCheck,
  createRedisClient,
  listen,
  perUserRateLimit,
  runService,
  shutdownSettings,
} from '@campus/infra';
import { createJobQueues } from '@campus/read-model';
import { loadCommandEnv } from './config/env';
import { createCommandApp } from './http/app';
import { createStreamCallerResolver } from './users/caller-resolver';

await runService('command-service', async (lifecycle) => {
  const env = loadCommandEnv();
  const logger = createLogger('command-service');
  logCrashes(logger);
  const pool = createPool(env.DATABASE_URL, { applicationName: 'command-service', max: 20 });
  const store = await createEventStore({ pool, eventStoreUrl: env.EVENTSTORE_URL });
  const jobsRedis = createRedisClient(env.REDIS_URL, {
    commandTimeout: env.REDIS_COMMAND_TIMEOUT_MS,
  });
  jobsRedis.on('error', (error: unknown) => logger.warn({ err: error }, 'redis connection error'));
  const jobs = createJobQueues({ connection: jobsRedis, prefix: env.JOBS_PREFIX });
  // Its own connection without an offline queue: while Redis is away the limiter counts in memory.
  // Auto-pipelining sends the counts of all requests read in one event-loop turn as one write
  // (one socket send instead of one per command); each is still counted and answered on its own.
  const limitRedis = createRedisClient(env.REDIS_URL, {
    enableAutoPipelining: true,
    enableOfflineQueue: false,
    commandTimeout: env.REDIS_COMMAND_TIMEOUT_MS,
  });
  limitRedis.on('error', (error: unknown) => logger.warn({ err: error }, 'redis connection error'));
  const app = createCommandApp(
    {
      store,
      pool,
      uploadDir: env.UPLOAD_DIR,
      vault: createPersonalDataVault(pool),
      verifier: createFirebaseTokenVerifier({ projectId: env.FIREBASE_PROJECT_ID }),
      resolveCaller: createStreamCallerResolver(store),
      // Abandoned Idempotency-Key claims are resolved from the Postgres event store's events.
      eventStoreKind: env.EVENTSTORE_URL ? 'eventstoredb' : 'postgres',
      clock: offsetClock(env.CLOCK_OFFSET_MS),
      config: env,
      logger,
      jobs,
      corsOrigins: env.CORS_ORIGIN,
      rateLimit: perUserRateLimit({
        redis: limitRedis,
        keyPrefix: `${env.JOBS_PREFIX}:rate:commands`,
        points: env.RATE_LIMIT_COMMANDS,
        windowSeconds: env.RATE_LIMIT_WINDOW_SECONDS,
        burst: env.RATE_LIMIT_BURST,
      }),
    },
    { readiness: createReadinessCheck({ pool, lifecycle }) },
  );
  const server = await listen(app, env.COMMAND_PORT, env.COMMAND_HOST);
  closeConnectionsWhenDraining(server, lifecycle.draining);
  const shutdown = shutdownSettings(env);
  logger.info(
    { port: env.COMMAND_PORT, eventStore: env.EVENTSTORE_URL ? 'eventstoredb' : 'postgres' },
    'command service listening',
  );
  return {
    drainMs: shutdown.drainMs,
    timeoutMs: shutdown.timeoutMs,
    // After the drain: no new connections, in-flight requests answered, then the clients closed.
    stop: async () => {
      await closeServer(server, { graceMs: shutdown.closeGraceMs });
      await jobs.close();
      jobsRedis.disconnect();
      limitRedis.disconnect();
      await store.close();
      await pool.end();
    },
  };
});
