import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, texts } from '@campus/contracts';
import {
  createTestDatabase,
  emulatorIdToken,
  freePort,
  releaseTestResources,
  serviceTestEnv,
  startServiceProcess,
  testRedisPrefix,
  type ServiceProcess,
  type TestDatabase,
} from '@campus/infra/testing';

/**
 * The command rate limit as production runs it: command-service/src/main.ts started as its own
 * process from an environment that sets no RATE_LIMIT_* (production's defaults, docs/product-rules.md:
 * 30 a second with a burst of 60). Only the auth emulator differs from production (which refuses it).
 */
describe('command service started from main.ts: the production rate limit', () => {
  let db: TestDatabase | undefined;
  let service: ServiceProcess | undefined;
  let url = '';
  let uploadDir: string | undefined;
  const prefix = testRedisPrefix('rate-wiring');

  beforeAll(async () => {
    db = await createTestDatabase({ poolMax: 2 });
    uploadDir = await mkdtemp(join(tmpdir(), 'campus-wiring-uploads-'));
    const port = await freePort();
    url = `http://127.0.0.1:${String(port)}`;
    service = await startServiceProcess(
      'command-service',
      {
        // The rate limiter's counters live under the prefix too, deleted afterwards.
        ...serviceTestEnv({ databaseUrl: db.url, redisPrefix: prefix }),
        CHECK_IN_SECRET: 'a-production-check-in-secret',
        CALENDAR_FEED_SECRET: 'a-production-calendar-feed-secret',
        MAIL_LINK_SECRET: 'a-production-mail-link-secret',
        UPLOAD_DIR: uploadDir,
        COMMAND_PORT: String(port),
      },
      { healthUrl: url, timeoutMs: 60_000 },
    );
  }, 90_000);

  afterAll(async () => {
    try {
      await service?.stop();
    } finally {
      await releaseTestResources({
        redisPrefix: prefix,
        db,
        dirs: uploadDir ? [uploadDir] : [],
      });
    }
  }, 60_000);

  const protectedCheck = (token: string) =>
    fetch(`${url}${routes.protectedCheck.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });

  it('answers the 61st rapid command of one user with 429 and Retry-After', async () => {
    // The window is one second from the first command: a try slowed past it tries a new user.
    const deadline = Date.now() + 20_000;
    const slowTries: number[] = [];
    for (;;) {
      service?.check();
      const token = await emulatorIdToken(`rapid-${randomUUID()}@university.edu`);
      const started = Date.now();
      await protectedCheck(token).then((r) => r.arrayBuffer()); // verified and counted: 1
      const rest = await Promise.all(Array.from({ length: 60 }, () => protectedCheck(token)));
      const elapsed = Date.now() - started;
      if (elapsed > 800) {
        slowTries.push(elapsed);
        await Promise.all(rest.map((r) => r.arrayBuffer()));
        if (Date.now() > deadline) {
          throw new Error(
            `every try took too long to fit in one window: ${slowTries.join(', ')} ms`,
          );
        }
        continue;
      }
      const statuses = rest.map((r) => r.status);
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
