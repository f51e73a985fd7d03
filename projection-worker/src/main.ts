import {
  createEventStore,
  createLogger,
  createPersonalDataVault,
  createPool,
  runService,
} from '@campus/infra';
import { loadWorkerEnv } from './config/env';
import { runProjectionsUntilAborted } from './projector/run-projections';
import { allProjections } from './projections';

await runService('projection-worker', async () => {
  const env = loadWorkerEnv();
  const logger = createLogger('projection-worker');
  const pool = createPool(env.DATABASE_URL, { applicationName: 'projection-worker', max: 5 });
  const store = await createEventStore({ pool, eventStoreUrl: env.EVENTSTORE_URL });
  const controller = new AbortController();
  const running = runProjectionsUntilAborted({
    store,
    pool,
    vault: createPersonalDataVault(pool),
    logger,
    projections: allProjections,
    batchSize: env.PROJECTION_BATCH_SIZE,
    signal: controller.signal,
  });
  logger.info({ projections: allProjections.map((p) => p.name) }, 'projection worker running');
  return {
    stop: async () => {
      controller.abort();
      await running;
      await store.close();
      await pool.end();
    },
  };
});
