import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, texts } from '@campus/contracts';
import {
  authEmulatorHost,
  createTestDatabase,
  emulatorIdToken,
  freePort,
  TEST_FIREBASE_PROJECT_ID,
  TEST_REDIS_URL,
  testRedisPrefix,
} from '@campus/infra/testing';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The command rate limit as production runs it: command-service/src/main.ts started as its own
 * process from an environment that sets no RATE_LIMIT_* (production's defaults, docs/product-rules.md:
 * 30 a second with a burst of 60). Only the auth emulator differs from production (which refuses it).
 */
describe('command service started from main.ts: the production rate limit', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let child: ChildProcess;
  let output = '';
  let url = '';
  let uploadDir = '';

  beforeAll(async () => {
    db = await createTestDatabase({ poolMax: 2 });
    uploadDir = await mkdtemp(join(tmpdir(), 'campus-wiring-uploads-'));
    const port = await freePort();
    url = `http://127.0.0.1:${String(port)}`;
    child = spawn(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'command-service/src/main.ts')],
      {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env['PATH'],
          HOME: process.env['HOME'],
          APP_ENV: 'test',
          LOG_LEVEL: 'warn',
          DATABASE_URL: db.url,
          REDIS_URL: TEST_REDIS_URL,
          JOBS_PREFIX: testRedisPrefix('rate-wiring'),
          FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
          FIREBASE_PROJECT_ID: TEST_FIREBASE_PROJECT_ID,
          CHECK_IN_SECRET: 'a-production-check-in-secret',
          CALENDAR_FEED_SECRET: 'a-production-calendar-feed-secret',
          UPLOAD_DIR: uploadDir,
          COMMAND_PORT: String(port),
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
      if (child.exitCode !== null) throw new Error(`command service exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`command service did not start:\n${output}`);
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
    await rm(uploadDir, { recursive: true, force: true });
  });

  const protectedCheck = (token: string) =>
    fetch(`${url}${routes.protectedCheck.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });

  it('answers the 61st rapid command of one user with 429 and Retry-After', async () => {
    // The window is one second from the first command: a run slowed past it tries a new user.
    for (let attempt = 1; ; attempt += 1) {
      const token = await emulatorIdToken(`rapid-${randomUUID()}@university.edu`);
      await protectedCheck(token).then((r) => r.arrayBuffer()); // verified and counted: 1
      const started = Date.now();
      const rest = await Promise.all(Array.from({ length: 60 }, () => protectedCheck(token)));
      const elapsed = Date.now() - started;
      const statuses = rest.map((r) => r.status);
      if (elapsed > 800 && attempt < 3) continue;
      expect(statuses.filter((s) => s === 200)).toHaveLength(59);
      const refused = rest.filter((r) => r.status === 429);
      expect(refused).toHaveLength(1);
      const [tooMany] = refused;
      expect(Number(tooMany?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(tooMany?.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(((await tooMany?.json()) as { detail: string }).detail).toBe(
        texts.api.tooManyRequests,
      );
      // Another user is not held back by the first one's commands.
      const other = await emulatorIdToken(`other-${randomUUID()}@university.edu`);
      expect((await protectedCheck(other)).status).toBe(200);
      return;
    }
  }, 60_000);
});
