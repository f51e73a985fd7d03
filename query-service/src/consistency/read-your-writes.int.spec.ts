import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  authEmulatorHost,
  createTestDatabase,
  emulatorIdToken,
  freePort,
  TEST_FIREBASE_PROJECT_ID,
  TEST_REDIS_URL,
  testRedisPrefix,
  withEmulatorClaims,
} from '@campus/infra/testing';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Read-your-writes as production runs it: query-service/src/main.ts started as its own process
 * (only the auth emulator differs from production, which refuses it). A read whose consistency
 * token the read model never reaches answers after the 2-second bound, as 'stale', and neither
 * sooner nor never; a request that is not authenticated never waits, whatever token it carries.
 */
describe('query service started from main.ts: read-your-writes', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let child: ChildProcess;
  let output = '';
  let url = '';
  let dirs: string[] = [];

  beforeAll(async () => {
    db = await createTestDatabase({ poolMax: 2 });
    dirs = [
      await mkdtemp(join(tmpdir(), 'campus-wiring-uploads-')),
      await mkdtemp(join(tmpdir(), 'campus-wiring-reports-')),
    ];
    const port = await freePort();
    url = `http://127.0.0.1:${String(port)}`;
    child = spawn(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'query-service/src/main.ts')],
      {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env['PATH'],
          HOME: process.env['HOME'],
          APP_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATABASE_URL: db.url,
          REDIS_URL: TEST_REDIS_URL,
          REDIS_PREFIX: testRedisPrefix('ryw-wiring'),
          JOBS_PREFIX: testRedisPrefix('ryw-wiring-jobs'),
          FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
          FIREBASE_PROJECT_ID: TEST_FIREBASE_PROJECT_ID,
          CHECK_IN_SECRET: 'a-production-check-in-secret',
          CALENDAR_FEED_SECRET: 'a-production-calendar-feed-secret',
          UPLOAD_DIR: dirs[0],
          REPORTS_DIR: dirs[1],
          QUERY_PORT: String(port),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-4_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`query service exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`query service did not start:\n${output}`);
      const up = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 90_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await db.drop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  /** A position no event will reach while the test runs. */
  const farAhead = encodeConsistencyToken({ txn: 9_000_000_000_000n, seq: 0n });
  const checkPath = buildPath(routes.checkUserExists.path, { address: 'nobody@university.edu' });

  /** One read with the far-ahead token; its answer and how long it took. */
  const timedRead = async (path: string, authorization?: string) => {
    const started = Date.now();
    const response = await fetch(`${url}${path}`, {
      headers: {
        [CONSISTENCY_TOKEN_HEADER]: farAhead,
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
    for (const { label, response, status, ms } of answers) {
      expect(response.status, label).toBe(status);
      // The status header is set only by a wait: none happened.
      expect(response.headers.get(CONSISTENCY_STATUS_HEADER), label).toBeNull();
      expect(ms, label).toBeLessThan(READ_YOUR_WRITES_WAIT_MS);
    }
    // A public read carries no caller to wait for either.
    const config = await timedRead(routes.getConfig.path);
    expect(config.response.status).toBe(200);
    expect(config.response.headers.get(CONSISTENCY_STATUS_HEADER)).toBeNull();
  }, 30_000);
});
