import { offsetClock } from '@campus/contracts';
import {
  closeServer,
  createEventStore,
  createLogger,
  logCrashes,
  createPersonalDataVault,
  createPool,
  createRedisClient,
  runService,
} from '@campus/infra';
import { loadWorkerEnv } from './config/env';
import { watchBoards } from './boards/boards-watch';
import { startJobWorkers } from './jobs/workers';
import { createWorkerMetrics } from './metrics/worker-metrics';
import { runProjectionsUntilAborted } from './projector/run-projections';
import { allProjections } from './projections';
import { startOutbox } from './outbox/outbox';

await runService('projection-worker', async () => {
  const env = loadWorkerEnv();
  const logger = createLogger('projection-worker');
  logCrashes(logger);
  const pool = createPool(env.DATABASE_URL, { applicationName: 'projection-worker', max: 8 });
  const store = await createEventStore({ pool, eventStoreUrl: env.EVENTSTORE_URL });
  const redis = createRedisClient(env.REDIS_URL);
  redis.on('error', (error: unknown) => logger.warn({ err: error }, 'redis connection error'));
  const vault = createPersonalDataVault(pool);
  const names = allProjections.map((p) => p.name);
  const metrics = createWorkerMetrics({ pool, projections: names, logger });
  const metricsServer = await metrics.listen(env.WORKER_METRICS_PORT, env.WORKER_METRICS_HOST);
  const controller = new AbortController();
  const running = runProjectionsUntilAborted({
    store,
    pool,
    vault,
    logger,
    projections: allProjections,
    batchSize: env.PROJECTION_BATCH_SIZE,
    redis,
    keyPrefix: env.REDIS_PREFIX,
    launchDate: env.LAUNCH_DATE,
    signal: controller.signal,
    onBatch: metrics.onBatch,
  });
  // Redis may lose the boards (restarted without persistence): a marker key tells, and they are rebuilt.
  const boardsWatch = watchBoards({
    pool,
    redis,
    prefix: env.REDIS_PREFIX,
    logger,
    intervalMs: env.BOARDS_CHECK_MS,
  });
  const jobs = await startJobWorkers({
    redisUrl: env.REDIS_URL,
    prefix: env.JOBS_PREFIX,
    store,
    pool,
    vault,
    logger,
    redis,
    keyPrefix: env.REDIS_PREFIX,
    reportsDir: env.REPORTS_DIR,
    launchDate: env.LAUNCH_DATE,
    clock: offsetClock(env.CLOCK_OFFSET_MS),
    // The ETA counts the Postgres store's events; EventStoreDB replays show no total.
    ...(env.EVENTSTORE_URL ? { countEvents: () => Promise.resolve(null) } : {}),
  });
  // Reminders, waitlist promotions and friend requests by mail (ADR 0011).
  const outbox = startOutbox({
    store,
    pool,
    logger,
    clock: offsetClock(env.CLOCK_OFFSET_MS),
    smtp: { host: env.SMTP_HOST, port: env.SMTP_PORT, from: env.MAIL_FROM },
    intervalMs: env.OUTBOX_INTERVAL_MS,
  });
  logger.info(
    {
      projections: names,
      metricsHost: env.WORKER_METRICS_HOST,
      metricsPort: env.WORKER_METRICS_PORT,
    },
    'projection worker running',
  );
  return {
    stop: async () => {
      controller.abort();
      await outbox.stop();
      await boardsWatch.stop();
      await jobs.close();
      await closeServer(metricsServer);
      // A batch waiting on an unreachable Redis gives up once the connection is closed.
      const closeRedis = setTimeout(() => redis.disconnect(), 5_000);
      await running;
      clearTimeout(closeRedis);
      redis.disconnect();
      await store.close();
      await pool.end();
    },
  };
});
