import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSISTENCY_STATUS_HEADER,
  CONSISTENCY_TOKEN_HEADER,
  manualClock,
  productConfigSchema,
  UNKNOWN_RANK,
  type Leaderboard,
} from '@campus/contracts';
import { createCommandApp, createStreamCallerResolver } from '@campus/command-service';
import {
  boardsStateKeys,
  createEventStore,
  createFirebaseTokenVerifier,
  createLogger,
  createPersonalDataVault,
  createRedisClient,
  perUserRateLimit,
  type RedisClient,
} from '@campus/infra';
import {
  assertAuthEmulatorUp,
  createTestDatabase,
  emulatorIdToken,
  startPrivateRedis,
  TEST_FIREBASE_PROJECT_ID,
  type PrivateRedis,
  type TestDatabase,
} from '@campus/infra/testing';
import { allProjections, runProjectionsUntilAborted } from '@campus/projection-worker';
import {
  createQueryApp,
  createReadModelCallerResolver,
  createVisiblePositionTracker,
} from '@campus/query-service';

/**
 * While Redis is away (frozen with SIGSTOP: connections accepted, nothing answered; or stopped)
 * the leaderboard answers 503 problem details with Retry-After within the command timeout, and
 * the rest goes on: the Events list and an organization's detail answer, commands are accepted
 * (the rate limit counts in memory) and reads see them. The command and query apps, the projector
 * and a private Redis run in this process.
 */

/** The command timeout of the test's clients (production: REDIS_COMMAND_TIMEOUT_MS, 2 s). */
const TIMEOUT_MS = 500;
/** A request that takes longer than this hangs (the client gives up). */
const HANG_MS = TIMEOUT_MS + 4_000;
const PREFIX = 'outage:';
const LEADERBOARD = '/api/leaderboard?period=all&board=individuals';

describe('query and command services during a Redis outage', () => {
  let db: TestDatabase;
  let server: PrivateRedis;
  let redis: RedisClient;
  let limitRedis: RedisClient;
  let uploadDir: string;
  let commandApp: Express;
  let queryApp: Express;
  let stop: () => Promise<void>;
  let token = '';
  let userId = '';
  let organizationId = '';
  let lastToken = '';

  const read = (path: string) =>
    request(queryApp)
      .get(path)
      .set('authorization', `Bearer ${token}`)
      .set(CONSISTENCY_TOKEN_HEADER, lastToken)
      .timeout(HANG_MS);
  const command = async (method: 'post' | 'put', path: string, body: object) => {
    const call = method === 'post' ? request(commandApp).post(path) : request(commandApp).put(path);
    const response = await call.set('authorization', `Bearer ${token}`).timeout(HANG_MS).send(body);
    const next = response.headers[CONSISTENCY_TOKEN_HEADER];
    if (typeof next === 'string' && next) lastToken = next;
    return response;
  };
  const expectUnavailable = (response: request.Response, title: string) => {
    expect(response.status).toBe(503);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    const body = response.body as { title: string; detail: string; status: number };
    expect(body).toMatchObject({ status: 503, title });
    expect(body.detail).toMatch(/try again in a few seconds/);
  };

  beforeAll(async () => {
    await assertAuthEmulatorUp();
    db = await createTestDatabase({ poolMax: 8 });
    server = await startPrivateRedis();
    redis = createRedisClient(server.url, { commandTimeout: TIMEOUT_MS });
    redis.on('error', () => undefined);
    limitRedis = createRedisClient(server.url, {
      commandTimeout: TIMEOUT_MS,
      enableOfflineQueue: false,
    });
    limitRedis.on('error', () => undefined);
    uploadDir = await mkdtemp(join(tmpdir(), 'campus-outage-'));
    const logger = createLogger('test');
    const store = await createEventStore({ pool: db.pool });
    const vault = createPersonalDataVault(db.pool);
    const verifier = createFirebaseTokenVerifier({ projectId: TEST_FIREBASE_PROJECT_ID });
    const clock = manualClock('2026-03-02T15:00:00.000Z');
    const config = productConfigSchema.parse({});
    commandApp = createCommandApp({
      store,
      pool: db.pool,
      uploadDir,
      vault,
      verifier,
      resolveCaller: createStreamCallerResolver(store),
      clock,
      config,
      logger,
      rateLimit: perUserRateLimit({
        redis: limitRedis,
        keyPrefix: `${PREFIX}rate`,
        points: 100,
        windowSeconds: 60,
      }),
    });
    const tracker = createVisiblePositionTracker({ pool: db.pool, databaseUrl: db.url, logger });
    await tracker.start();
    queryApp = createQueryApp({
      pool: db.pool,
      redis,
      boardPrefix: PREFIX,
      uploadDir,
      verifier,
      resolveCaller: createReadModelCallerResolver(db.pool),
      tracker,
      clock,
      config,
      logger,
      store,
    });
    const worker = new AbortController();
    const running = runProjectionsUntilAborted({
      store,
      pool: db.pool,
      vault,
      logger,
      projections: allProjections,
      redis,
      keyPrefix: PREFIX,
      signal: worker.signal,
    });
    stop = async () => {
      worker.abort();
      await running;
      await tracker.close();
      await store.close();
    };

    token = await emulatorIdToken('outage-student@university.edu');
    const registered = await command('post', '/api/users', {
      first_name: 'Olive',
      last_name: 'Outage',
      phone: '5551234567',
      has_car: false,
    });
    expect(registered.status).toBe(201);
    userId = (registered.body as { id: string }).id;
    const created = await command('post', '/api/orgs', { name: 'Night Owls', type: 'Other' });
    expect(created.status).toBe(201);
    organizationId = (created.body as { id: string }).id;
    const board = await read(LEADERBOARD);
    expect(board.status).toBe(200);
    expect((board.body as Leaderboard).entries.map((e) => e.id)).toContain(userId);
  });

  afterEach(async () => {
    await server.start();
    server.resume();
    await redis.del(boardsStateKeys(PREFIX).rebuilding);
  });

  afterAll(async () => {
    await stop();
    redis.disconnect();
    limitRedis.disconnect();
    await server.stop();
    await db.drop();
    await rm(uploadDir, { recursive: true, force: true });
  });

  it('answers the leaderboard 503 and everything else as usual while Redis is frozen', async () => {
    server.pause();
    expectUnavailable(await read(LEADERBOARD), 'Leaderboards are temporarily unavailable');

    // A command is accepted (its rate limit counted in memory) and a read waiting for it sees it:
    // the projector goes on without Redis.
    const updated = await command('put', `/api/users/${userId}`, { bio: 'Frozen but fine' });
    expect(updated.status).toBe(200);
    const events = await read('/api/opps');
    expect(events.status).toBe(200);
    expect(events.headers[CONSISTENCY_STATUS_HEADER]).toBe('fresh');
    const profile = await read(`/api/users/${userId}`);
    expect(profile.status).toBe(200);
    expect((profile.body as { bio: string }).bio).toBe('Frozen but fine');
    // The organization's detail answers from Postgres, its ranks unknown for now.
    const detail = await read(`/api/orgs/${organizationId}`);
    expect(detail.status).toBe(200);
    expect((detail.body as { rank: number }).rank).toBe(UNKNOWN_RANK);
    // Still unavailable, not an error, on the next try.
    expectUnavailable(
      await read('/api/leaderboard?period=monthly&board=organizations'),
      'Leaderboards are temporarily unavailable',
    );

    server.resume();
    const deadline = Date.now() + 20_000;
    let board = await read(LEADERBOARD);
    while (board.status !== 200 && Date.now() < deadline) board = await read(LEADERBOARD);
    expect(board.status).toBe(200);
    expect((board.body as Leaderboard).me.rank).toBe(1);
  }, 60_000);

  it('answers the leaderboard 503 while Redis is stopped, and commands go on', async () => {
    await server.stop();
    expectUnavailable(await read(LEADERBOARD), 'Leaderboards are temporarily unavailable');
    const updated = await command('put', `/api/users/${userId}`, { bio: 'Stopped but fine' });
    expect(updated.status).toBe(200);
    expect((await read('/api/opps')).status).toBe(200);
  }, 60_000);

  it('answers 503 "being rebuilt" while the boards are rebuilt after an outage', async () => {
    await redis.set(boardsStateKeys(PREFIX).rebuilding, new Date().toISOString(), 'PX', 60_000);
    const rebuilding = await read(LEADERBOARD);
    expectUnavailable(rebuilding, 'Leaderboards are being rebuilt');
    expect((rebuilding.body as { detail: string }).detail).toBe(
      'Leaderboards are being rebuilt; try again in a few seconds.',
    );
    await redis.del(boardsStateKeys(PREFIX).rebuilding);
    expect((await read(LEADERBOARD)).status).toBe(200);
  });
});
