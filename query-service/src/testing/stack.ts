import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { manualClock, productConfigSchema, type ProductConfig } from '@campus/contracts';
import { createCommandApp, createStreamCallerResolver } from '@campus/command-service';
import {
  createEventStore,
  createFirebaseTokenVerifier,
  createLogger,
  createPersonalDataVault,
} from '@campus/infra';
import {
  assertAuthEmulatorUp,
  createTestDatabase,
  TEST_FIREBASE_PROJECT_ID,
} from '@campus/infra/testing';
import { allProjections, runProjectionsUntilAborted } from '@campus/projection-worker';
import { createVisiblePositionTracker } from '../consistency/visible-position';
import { createQueryApp } from '../http/app';
import { createReadModelCallerResolver } from '../users/caller-resolver';

/**
 * The whole backend in one process for integration tests: a fresh database, the command app, the
 * projection worker following the log, and the query app; real Postgres and the auth emulator.
 */
export const startTestStack = async (
  options: { config?: Partial<ProductConfig>; runWorker?: boolean } = {},
) => {
  await assertAuthEmulatorUp();
  const db = await createTestDatabase({ poolMax: 8 });
  const logger = createLogger('test');
  const clock = manualClock('2026-03-02T15:00:00.000Z');
  const config = { ...productConfigSchema.parse({}), ...options.config };
  const store = await createEventStore({ pool: db.pool });
  const vault = createPersonalDataVault(db.pool);
  const verifier = createFirebaseTokenVerifier({ projectId: TEST_FIREBASE_PROJECT_ID });

  const uploadDir = await mkdtemp(join(tmpdir(), 'campus-uploads-'));
  const commandApp: Express = createCommandApp({
    store,
    pool: db.pool,
    uploadDir,
    vault,
    verifier,
    resolveCaller: createStreamCallerResolver(store),
    clock,
    config,
    logger,
  });
  const tracker = createVisiblePositionTracker({ pool: db.pool, databaseUrl: db.url, logger });
  await tracker.start();
  const queryApp: Express = createQueryApp({
    pool: db.pool,
    uploadDir,
    verifier,
    resolveCaller: createReadModelCallerResolver(db.pool),
    tracker,
    clock,
    config,
    logger,
  });

  const worker = new AbortController();
  let running: Promise<void> | null = null;
  const startWorker = () => {
    running ??= runProjectionsUntilAborted({
      store,
      pool: db.pool,
      vault,
      logger,
      projections: allProjections,
      signal: worker.signal,
    });
  };
  if (options.runWorker ?? true) startWorker();

  return {
    db,
    store,
    clock,
    config,
    commandApp,
    queryApp,
    startWorker,
    uploadDir,
    stop: async () => {
      worker.abort();
      await running;
      await tracker.close();
      await store.close();
      await db.drop();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
};
export type TestStack = Awaited<ReturnType<typeof startTestStack>>;
