import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import {
  CONSISTENCY_TOKEN_HEADER,
  manualClock,
  productConfigSchema,
  type ProductConfig,
} from '@campus/contracts';
import { createCommandApp, createStreamCallerResolver } from '@campus/command-service';
import {
  createEventStore,
  createFirebaseTokenVerifier,
  createLogger,
  createPersonalDataVault,
  createRedisClient,
} from '@campus/infra';
import {
  assertAuthEmulatorUp,
  createTestDatabase,
  deleteRedisPrefix,
  emulatorIdToken,
  TEST_FIREBASE_PROJECT_ID,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '@campus/infra/testing';
import { allProjections, runProjectionsUntilAborted } from '@campus/projection-worker';
import {
  createLiveHub,
  createQueryApp,
  createReadModelCallerResolver,
  createVisiblePositionTracker,
} from '@campus/query-service';
import type { JobQueues } from '@campus/read-model';
import type { LiveHubOptions } from '@campus/query-service';

/**
 * The whole backend in one process for integration tests: a fresh database, the command app, the
 * projection worker following the log (boards under a Redis key prefix of its own), and the query
 * app; real Postgres, Redis and the auth emulator.
 */
export const startTestStack = async (
  options: {
    config?: Partial<ProductConfig>;
    runWorker?: boolean;
    label?: string;
    /** Report and replay queues (and where report files are) for the operations routes. */
    jobs?: JobQueues;
    reportsDir?: string;
    /** The live streams' settings (a short heartbeat, a small catch-up). */
    live?: Partial<Omit<LiveHubOptions, 'pool' | 'tracker' | 'logger'>>;
  } = {},
) => {
  await assertAuthEmulatorUp();
  const db = await createTestDatabase({ poolMax: 8 });
  const logger = createLogger('test');
  const clock = manualClock('2026-03-02T15:00:00.000Z');
  const config = { ...productConfigSchema.parse({}), ...options.config };
  const store = await createEventStore({ pool: db.pool });
  const vault = createPersonalDataVault(db.pool);
  const verifier = createFirebaseTokenVerifier({ projectId: TEST_FIREBASE_PROJECT_ID });
  const redis = createRedisClient(TEST_REDIS_URL);
  const boardPrefix = testRedisPrefix(options.label ?? 'query');

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
    ...(options.jobs ? { jobs: options.jobs } : {}),
  });
  const tracker = createVisiblePositionTracker({ pool: db.pool, databaseUrl: db.url, logger });
  await tracker.start();
  const live = createLiveHub({ pool: db.pool, tracker, logger, ...options.live });
  const queryApp: Express = createQueryApp({
    pool: db.pool,
    redis,
    boardPrefix,
    uploadDir,
    verifier,
    resolveCaller: createReadModelCallerResolver(db.pool),
    tracker,
    clock,
    config,
    logger,
    store,
    live,
    ...(options.jobs ? { jobs: options.jobs } : {}),
    ...(options.reportsDir ? { reportsDir: options.reportsDir } : {}),
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
      redis,
      keyPrefix: boardPrefix,
      signal: worker.signal,
    });
  };
  if (options.runWorker ?? true) startWorker();

  /** The newest consistency token a command answered; reads send it to see their writes. */
  let lastToken = '';
  const remember = (response: request.Response) => {
    const token = response.headers[CONSISTENCY_TOKEN_HEADER];
    if (typeof token === 'string' && token) lastToken = token;
    return response;
  };

  /** Sends a command as `token` (or anonymously); remembers its consistency token. */
  const command = async (
    method: 'post' | 'put' | 'delete',
    path: string,
    token: string | null,
    body?: object,
  ): Promise<request.Response> => {
    let test = request(commandApp)[method](path);
    if (token) test = test.set('authorization', `Bearer ${token}`);
    return remember(await (body ? test.send(body) : test));
  };

  /** A read as `token` (or anonymously) that waits for every command sent so far. */
  const read = (path: string, token: string | null): request.Test => {
    let test = request(queryApp).get(path);
    if (token) test = test.set('authorization', `Bearer ${token}`);
    return lastToken ? test.set(CONSISTENCY_TOKEN_HEADER, lastToken) : test;
  };

  /** Registers a user through POST /api/users; answers their token and id. */
  const registerUser = async (
    email: string,
    names: { first?: string; last?: string; phone?: string } = {},
  ) => {
    const token = await emulatorIdToken(email);
    const response = await command('post', '/api/users', token, {
      first_name: names.first ?? 'Test',
      last_name: names.last ?? 'User',
      phone: names.phone ?? '5551234567',
      has_car: false,
    });
    if (response.status !== 201)
      throw new Error(`registering ${email}: ${String(response.status)} ${response.text}`);
    return { token, userId: (response.body as { id: string }).id, email };
  };

  return {
    db,
    store,
    clock,
    config,
    redis,
    boardPrefix,
    commandApp,
    queryApp,
    live,
    startWorker,
    uploadDir,
    command,
    read,
    registerUser,
    stop: async () => {
      worker.abort();
      await running;
      await live.close();
      await tracker.close();
      await deleteRedisPrefix(redis, boardPrefix);
      redis.disconnect();
      await store.close();
      await db.drop();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
};
export type TestStack = Awaited<ReturnType<typeof startTestStack>>;
export type TestAccount = Awaited<ReturnType<TestStack['registerUser']>>;
