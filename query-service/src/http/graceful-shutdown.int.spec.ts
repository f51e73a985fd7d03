import { Agent } from 'node:http';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  errorCodeOf,
  freePort,
  getAnswer,
  releaseTestResources,
  serviceTestEnv,
  spawnServiceProcess,
  stopServiceProcesses,
  testRedisPrefix,
  type ServiceProcess,
  type TestDatabase,
} from '@campus/infra/testing';

/** The error code a GET on a new connection fails with, or 'answered'. */
const connectOutcome = (url: string) => errorCodeOf(getAnswer(`${url}/healthz`));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every 50 ms until it is true; fails after `timeoutMs`. */
const until = async (what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(50);
  }
};

/**
 * A rolling restart as production runs it: both services started from their main.ts as processes
 * of their own, then sent SIGTERM. They stop being ready at once but keep answering through the
 * drain (SHUTDOWN_DRAIN_MS), then refuse new connections, finish what is in flight, and exit 0.
 */
describe('graceful shutdown of the services started from main.ts', () => {
  let db: TestDatabase | undefined;
  let query: ServiceProcess | undefined;
  let command: ServiceProcess | undefined;
  let queryUrl = '';
  let commandUrl = '';
  const dirs: string[] = [];
  const prefix = testRedisPrefix('shutdown');
  const QUERY_DRAIN_MS = 4_000;
  const COMMAND_DRAIN_MS = 3_000;

  beforeAll(async () => {
    db = await createTestDatabase({ poolMax: 3 });
    dirs.push(await mkdtemp(join(tmpdir(), 'campus-shutdown-uploads-')));
    dirs.push(await mkdtemp(join(tmpdir(), 'campus-shutdown-reports-')));
    const [queryPort, commandPort] = [await freePort(), await freePort()];
    queryUrl = `http://127.0.0.1:${String(queryPort)}`;
    commandUrl = `http://127.0.0.1:${String(commandPort)}`;
    const env = {
      ...serviceTestEnv({ databaseUrl: db.url, redisPrefix: prefix }),
      UPLOAD_DIR: dirs[0],
      REPORTS_DIR: dirs[1],
    };
    query = spawnServiceProcess('query-service', {
      ...env,
      QUERY_PORT: String(queryPort),
      SHUTDOWN_DRAIN_MS: String(QUERY_DRAIN_MS),
    });
    command = spawnServiceProcess('command-service', {
      ...env,
      COMMAND_PORT: String(commandPort),
      SHUTDOWN_DRAIN_MS: String(COMMAND_DRAIN_MS),
    });
    await Promise.all([query.waitReady(queryUrl, 60_000), command.waitReady(commandUrl, 60_000)]);
  }, 90_000);

  afterAll(async () => {
    try {
      await stopServiceProcesses([query, command]);
    } finally {
      await releaseTestResources({ redisPrefix: prefix, db, dirs });
    }
  }, 60_000);

  it('query service: a request in flight at SIGTERM is answered in full; not ready while draining, then refused', async () => {
    if (!db || !query) throw new Error('not started');
    const ready = await getAnswer(`${queryUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');

    // A keep-alive connection left idle: closed by the service once it stops accepting.
    const idleAgent = new Agent({ keepAlive: true });
    const idle = await getAnswer(`${queryUrl}/healthz`, idleAgent);
    expect(idle.headers.connection).toBe('keep-alive');
    const idleClosed = new Promise<void>((resolve) => idle.socket.once('close', () => resolve()));

    // A public read held behind a lock of the test's own, released only after the drain.
    const locker = await db.pool.connect();
    let slowSettled = false;
    try {
      await locker.query('BEGIN');
      // Idle in its transaction for the whole drain: longer than the pool's default allows.
      await locker.query('SET LOCAL idle_in_transaction_session_timeout = 0');
      await locker.query('LOCK TABLE read.approved_emails IN ACCESS EXCLUSIVE MODE');
      const slowAgent = new Agent({ keepAlive: true });
      const slow = getAnswer(`${queryUrl}/api/approved-emails/check/stranger@gmail.com`, slowAgent);
      const settled = () => {
        slowSettled = true;
      };
      void slow.then(settled, settled);
      await until('the read waits for the lock', async () => {
        const { rowCount } = await db!.pool.query(
          `SELECT 1 FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = 'query-service'
              AND wait_event_type = 'Lock'`,
        );
        return rowCount === 1;
      });

      query.terminate();
      // Draining: not ready at once, still alive and still answering new connections.
      await until('readiness turns', async () => {
        const answer = await getAnswer(`${queryUrl}/readyz`);
        return answer.status === 503;
      });
      const draining = await getAnswer(`${queryUrl}/readyz`);
      expect(draining.status).toBe(503);
      expect(JSON.parse(draining.body)).toEqual({ status: 'draining' });
      expect(draining.headers['cache-control']).toBe('no-store');
      const alive = await getAnswer(`${queryUrl}/healthz`, new Agent({ keepAlive: true }));
      expect(alive.status).toBe(200);
      expect(JSON.parse(alive.body)).toEqual({ status: 'ok' });
      // Answered while draining: the client is told to open its next request elsewhere.
      expect(alive.headers.connection).toBe('close');

      // After the drain: new connections refused while the held read is still being worked on.
      await until(
        'new connections are refused',
        async () => (await connectOutcome(queryUrl)) === 'ECONNREFUSED',
      );
      await idleClosed;
      expect(slowSettled).toBe(false);
      expect(query.running()).toBe(true);

      await locker.query('COMMIT');
      const answer = await slow;
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ is_approved: false });
      expect(answer.headers.connection).toBe('close');
    } finally {
      await locker.query('ROLLBACK').catch(() => undefined);
      locker.release();
    }
    await query.exited;
    expect(query.child.exitCode, query.output()).toBe(0);
    expect(await connectOutcome(queryUrl)).toBe('ECONNREFUSED');
  }, 60_000);

  it('command service: not ready while draining, alive, then exits 0', async () => {
    if (!command) throw new Error('not started');
    const ready = await getAnswer(`${commandUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ status: 'ready' });

    command.terminate();
    await until('readiness turns', async () => {
      const answer = await getAnswer(`${commandUrl}/readyz`);
      return answer.status === 503;
    });
    const draining = await getAnswer(`${commandUrl}/readyz`);
    expect(JSON.parse(draining.body)).toEqual({ status: 'draining' });
    expect(draining.headers['cache-control']).toBe('no-store');
    const alive = await getAnswer(`${commandUrl}/healthz`);
    expect(alive.status).toBe(200);
    expect(alive.headers.connection).toBe('close');

    await command.exited;
    expect(command.child.exitCode, command.output()).toBe(0);
    expect(await connectOutcome(commandUrl)).toBe('ECONNREFUSED');
  }, 60_000);
});
