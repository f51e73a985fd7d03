import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildPath,
  CONSISTENCY_STATUS_HEADER,
  CONSISTENCY_TOKEN_HEADER,
  encodeConsistencyToken,
  READ_YOUR_WRITES_WAIT_MS,
  routes,
} from '@campus/contracts';
import {
  createTestDatabase,
  emulatorIdToken,
  freePort,
  releaseTestResources,
  serviceTestEnv,
  startServiceProcess,
  testRedisPrefix,
  withEmulatorClaims,
  type ServiceProcess,
  type TestDatabase,
} from '@campus/infra/testing';

/**
 * Read-your-writes as production runs it: query-service/src/main.ts started as its own process
 * (only the auth emulator differs from production, which refuses it). A read whose consistency
 * token the read model never reaches answers after the 2-second bound, as 'stale', and neither
 * sooner nor never; a request that is not authenticated never waits, whatever token it carries.
 */
describe('query service started from main.ts: read-your-writes', () => {
  let db: TestDatabase | undefined;
  let service: ServiceProcess | undefined;
  let url = '';
  const dirs: string[] = [];
  const prefix = testRedisPrefix('ryw-wiring');

  beforeAll(async () => {
    db = await createTestDatabase({ poolMax: 2 });
    dirs.push(await mkdtemp(join(tmpdir(), 'campus-wiring-uploads-')));
    dirs.push(await mkdtemp(join(tmpdir(), 'campus-wiring-reports-')));
    const { rows } = await db.pool.query<{ txn: string }>(
      'SELECT pg_current_xact_id()::text AS txn',
    );
    farAhead = encodeConsistencyToken({
      txn: BigInt(rows[0]?.txn ?? '0'),
      seq: 9_000_000_000_000n,
    });
    const port = await freePort();
    url = `http://127.0.0.1:${String(port)}`;
    service = await startServiceProcess(
      'query-service',
      {
        ...serviceTestEnv({ databaseUrl: db.url, redisPrefix: prefix }),
        CHECK_IN_SECRET: 'a-production-check-in-secret',
        CALENDAR_FEED_SECRET: 'a-production-calendar-feed-secret',
        MAIL_LINK_SECRET: 'a-production-mail-link-secret',
        UPLOAD_DIR: dirs[0],
        REPORTS_DIR: dirs[1],
        QUERY_PORT: String(port),
      },
      { healthUrl: url, timeoutMs: 60_000 },
    );
  }, 90_000);

  afterAll(async () => {
    try {
      await service?.stop();
    } finally {
      await releaseTestResources({ redisPrefix: prefix, db, dirs });
    }
  }, 60_000);

  /**
   * A position no event will reach while the test runs: a transaction this server did run, at a
   * sequence far beyond any (set in beforeAll). A token beyond every transaction of the server
   * would come from another history, and is answered at once (last test).
   */
  let farAhead = '';
  const otherHistory = encodeConsistencyToken({ txn: 9_000_000_000_000n, seq: 0n });
  const checkPath = buildPath(routes.checkUserExists.path, { address: 'nobody@university.edu' });

  /** One read with the far-ahead token; its answer and how long it took. */
  const timedRead = async (path: string, authorization?: string, token = farAhead) => {
    const started = Date.now();
    const response = await fetch(`${url}${path}`, {
      headers: {
        [CONSISTENCY_TOKEN_HEADER]: token,
        ...(authorization ? { authorization } : {}),
      },
    });
    await response.arrayBuffer();
    return { response, ms: Date.now() - started };
  };

  it('answers a signed-in read whose token is far ahead after the bound, as stale', async () => {
    const token = await emulatorIdToken(`reader-${randomUUID()}@university.edu`);
    const { response, ms } = await timedRead(checkPath, `Bearer ${token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get(CONSISTENCY_STATUS_HEADER)).toBe('stale');
    // It waited out the bound (timers may fire a little early), and did not hang past it.
    expect(ms).toBeGreaterThanOrEqual(READ_YOUR_WRITES_WAIT_MS - 100);
    expect(ms).toBeLessThan(READ_YOUR_WRITES_WAIT_MS + 8_000);
  }, 30_000);

  it('never waits for a request that is not authenticated', async () => {
    const unverified = withEmulatorClaims(
      await emulatorIdToken(`unverified-${randomUUID()}@university.edu`),
      { email_verified: false },
    );
    const cases = [
      { label: 'no token', authorization: undefined, status: 401 },
      { label: 'a garbage token', authorization: 'Bearer not.a.token', status: 401 },
      { label: 'an unverified email', authorization: `Bearer ${unverified}`, status: 403 },
    ];
    const answers = await Promise.all(
      cases.map(async (c) => ({ ...c, ...(await timedRead(checkPath, c.authorization)) })),
    );
    for (const { label, response, status } of answers) {
      expect(response.status, label).toBe(status);
      // The status header is set only by a wait: none happened.
      expect(response.headers.get(CONSISTENCY_STATUS_HEADER), label).toBeNull();
    }
    // A public read carries no caller to wait for either.
    const config = await timedRead(routes.getConfig.path);
    expect(config.response.status).toBe(200);
    expect(config.response.headers.get(CONSISTENCY_STATUS_HEADER)).toBeNull();
  }, 30_000);
  it('answers at once, as stale, a token from another history (beyond every transaction here)', async () => {
    const token = await emulatorIdToken(`restored-${randomUUID()}@university.edu`);
    const { response, ms } = await timedRead(checkPath, `Bearer ${token}`, otherHistory);
    expect(response.status).toBe(200);
    expect(response.headers.get(CONSISTENCY_STATUS_HEADER)).toBe('stale');
    // Not the 2 s bound: such a position can never be reached (a tab kept across a restore).
    expect(ms).toBeLessThan(READ_YOUR_WRITES_WAIT_MS - 100);
  }, 30_000);
});
