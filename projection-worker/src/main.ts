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
import { relayUntilAborted, startOutbox } from './outbox/outbox';
import { startLeadership } from './leadership/leadership';

await runService('projection-worker', async (lifecycle) => {
  const env = loadWorkerEnv();
  const logger = createLogger('projection-worker');
  logCrashes(logger);
  const pool = createPool(env.DATABASE_URL, { applicationName: 'projection-worker', max: 8 });
  const store = await createEventStore({ pool, eventStoreUrl: env.EVENTSTORE_URL });
  const redis = createRedisClient(env.REDIS_URL, { commandTimeout: env.REDIS_COMMAND_TIMEOUT_MS });
  redis.on('error', (error: unknown) => logger.warn({ err: error }, 'redis connection error'));
  const vault = createPersonalDataVault(pool);
  const names = allProjections.map((p) => p.name);
  const metrics = createWorkerMetrics({ pool, projections: names, logger });
  const metricsServer = await metrics.listen(env.WORKER_METRICS_PORT, env.WORKER_METRICS_HOST);
  // /readyz answers 503 from the signal on (no drain wait: the standby should take over at once).
  lifecycle.draining.addEventListener('abort', () => metrics.startDraining(), { once: true });
  // One worker leads: it alone projects, relays the outbox and watches the boards; the others
  // stand by and take over within LEADER_POLL_MS of its end (its advisory lock freed).
  const leadership = startLeadership({
    databaseUrl: env.DATABASE_URL,
    pollMs: env.LEADER_POLL_MS,
    logger,
    applicationName: 'projection-worker-leadership',
    onRole: (role) => metrics.setLeader(role === 'leader'),
    onLead: async (signal) => {
      // Redis may lose the boards (restarted without persistence): a marker key tells, and they are rebuilt.
      const boardsWatch = watchBoards({
        pool,
        redis,
        prefix: env.REDIS_PREFIX,
        logger,
        intervalMs: env.BOARDS_CHECK_MS,
      });
      try {
        // Aborting the signal ends the subscriptions; a batch in flight still commits first.
        await Promise.all([
          runProjectionsUntilAborted({
            store,
            pool,
            vault,
            logger,
            projections: allProjections,
            batchSize: env.PROJECTION_BATCH_SIZE,
            redis,
            keyPrefix: env.REDIS_PREFIX,
            launchDate: env.LAUNCH_DATE,
            signal,
            onBatch: metrics.onBatch,
          }),
          // Mail the events ask for (ADR 0011), queued by the leader only.
          relayUntilAborted({ store, pool, logger, signal }),
        ]);
      } finally {
        await boardsWatch.stop();
      }
    },
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
  // Reminders queued and due mail sent on every worker: each message is claimed by one.
  const outbox = startOutbox({
    store,
    pool,
    logger,
    clock: offsetClock(env.CLOCK_OFFSET_MS),
    smtp: { host: env.SMTP_HOST, port: env.SMTP_PORT, from: env.MAIL_FROM },
    links: { publicUrl: env.PUBLIC_URL, secret: env.MAIL_LINK_SECRET },
    intervalMs: env.OUTBOX_INTERVAL_MS,
    relay: false,
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
      metrics.startDraining();
      // A batch waiting on an unreachable Redis gives up once the connection is closed.
      const closeRedis = setTimeout(() => redis.disconnect(), 5_000);
      // The leader finishes the batch in flight, then frees its lock: a standby takes over at once.
      // Job workers close through Redis: a frozen Redis must not hold the stop past the others.
      const jobsClosed = Promise.race([
        jobs.close(),
        new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref()),
      ]);
      await Promise.all([leadership.stop(), outbox.stop(), jobsClosed]);
      clearTimeout(closeRedis);
      await closeServer(metricsServer);
      redis.disconnect();
      await store.close();
      await pool.end();
    },
  };
});
