import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, productConfigSchema, routes, texts } from '@campus/contracts';
import {
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
  TEST_FIREBASE_PROJECT_ID,
  TEST_REDIS_URL,
  testRedisPrefix,
  type TestDatabase,
} from '@campus/infra/testing';
import { createCommandApp } from '../http/app';
import type { CommandDeps } from '../http/context';
import { createStreamCallerResolver } from '../users/caller-resolver';

/**
 * Abuse: the per-user command rate limit (counted in Redis, shared by every instance), security
 * headers and CORS limited to the configured origin. Two instances of the command service share
 * one database and one Redis prefix, with a limit of LIMIT commands per minute set explicitly.
 */
const LIMIT = 3;
const ORIGIN = 'https://volunteer.university.edu';

describe('abuse: rate limits, security headers, CORS (command service)', () => {
  let db: TestDatabase;
  let redis: RedisClient;
  let uploadDir: string;
  let apps: [Express, Express];
  let keyPrefix: string;
  let deps: () => CommandDeps;

  beforeAll(async () => {
    await assertAuthEmulatorUp();
    db = await createTestDatabase({ poolMax: 6 });
    redis = createRedisClient(TEST_REDIS_URL);
    uploadDir = await mkdtemp(join(tmpdir(), 'campus-abuse-'));
    keyPrefix = testRedisPrefix('rate');
    const store = await createEventStore({ pool: db.pool });
    deps = () => ({
      store,
      pool: db.pool,
      uploadDir,
      vault: createPersonalDataVault(db.pool),
      verifier: createFirebaseTokenVerifier({ projectId: TEST_FIREBASE_PROJECT_ID }),
      resolveCaller: createStreamCallerResolver(store),
      clock: manualClock('2026-03-02T15:00:00.000Z'),
      config: productConfigSchema.parse({}),
      logger: createLogger('test'),
      corsOrigins: [ORIGIN],
    });
    const instance = () =>
      createCommandApp({
        ...deps(),
        rateLimit: perUserRateLimit({ redis, keyPrefix, points: LIMIT, windowSeconds: 60 }),
      });
    apps = [instance(), instance()];
  });
  afterAll(async () => {
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length) await redis.unlink(...keys);
    redis.disconnect();
    await db.drop();
    await rm(uploadDir, { recursive: true, force: true });
  });

  const protectedCheck = (app: Express, token: string) =>
    request(app).post(routes.protectedCheck.path).set('authorization', `Bearer ${token}`);

  it('answers 429 problem details with Retry-After once a user is over the limit, across instances', async () => {
    const token = await emulatorIdToken(`busy-${randomUUID()}@university.edu`);
    const statuses: number[] = [];
    // Alternate between the two instances: the count is shared through Redis.
    for (let i = 0; i < LIMIT; i += 1) {
      const response = await protectedCheck(apps[i % 2] as Express, token);
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array.from({ length: LIMIT }, () => 200));

    const refused = await protectedCheck(apps[1], token);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body).toMatchObject({
      status: 429,
      title: 'Too Many Requests',
      detail: texts.api.tooManyRequests,
    });
    expect(await redis.keys(`${keyPrefix}*`)).not.toHaveLength(0);

    // Another user is not held back by the first one's count.
    const other = await emulatorIdToken(`calm-${randomUUID()}@university.edu`);
    expect((await protectedCheck(apps[0], other)).status).toBe(200);
  });

  it('lets a burst above the steady rate through once, then answers 429 (docs/product-rules.md: 30 a second, a burst of 60)', async () => {
    // The steady limit per window, and the most in one window with the burst allowance.
    const steady = 2;
    const burst = 5;
    const bursty = createCommandApp({
      ...deps(),
      rateLimit: perUserRateLimit({
        redis,
        keyPrefix: `${keyPrefix}:bursty`,
        points: steady,
        windowSeconds: 60,
        burst,
      }),
    });
    const token = await emulatorIdToken(`bursty-${randomUUID()}@university.edu`);
    const statuses: number[] = [];
    for (let i = 0; i <= burst; i += 1) statuses.push((await protectedCheck(bursty, token)).status);
    expect(statuses).toEqual([...Array.from({ length: burst }, () => 200), 429]);
  });

  it('counts after authentication: requests without a valid token are 401, not counted for a user', async () => {
    const token = await emulatorIdToken(`steady-${randomUUID()}@university.edu`);
    for (let i = 0; i < LIMIT + 2; i += 1) {
      const response = await request(apps[0])
        .post(routes.protectedCheck.path)
        .set('authorization', 'Bearer not-a-token');
      expect(response.status).toBe(401);
    }
    expect((await protectedCheck(apps[0], token)).status).toBe(200);
  });

  it('keeps counting in memory while Redis cannot answer: commands go on, the limit holds', async () => {
    const down = createRedisClient('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    down.on('error', () => undefined);
    const app = createCommandApp({
      ...deps(),
      rateLimit: perUserRateLimit({ redis: down, keyPrefix, points: LIMIT, windowSeconds: 60 }),
    });
    const token = await emulatorIdToken(`offline-${randomUUID()}@university.edu`);
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i += 1) statuses.push((await protectedCheck(app, token)).status);
    expect(statuses).toEqual([...Array.from({ length: LIMIT }, () => 200), 429]);
    down.disconnect();
  });

  it('sends helmet security headers on answers and errors', async () => {
    for (const response of [
      await request(apps[0]).get('/healthz'),
      await request(apps[0]).post(routes.protectedCheck.path),
      await request(apps[0]).post('/api/no-such-route'),
    ]) {
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('allows CORS for the configured origin only', async () => {
    const preflight = await request(apps[0])
      .options(routes.signUp.path)
      .set('origin', ORIGIN)
      .set('access-control-request-method', 'POST')
      .set('access-control-request-headers', 'authorization,content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');

    const evil = await request(apps[0])
      .options(routes.signUp.path)
      .set('origin', 'https://evil.example')
      .set('access-control-request-method', 'POST');
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();

    const simple = await request(apps[0]).get('/healthz').set('origin', 'https://evil.example');
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await request(apps[0]).get('/healthz').set('origin', ORIGIN);
    expect(allowed.headers['access-control-allow-origin']).toBe(ORIGIN);
  });
});
