import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from './db/pool';
import { createLifecycle, createReadinessCheck } from './service-runner';
import {
  createTestDatabase,
  freePort,
  spawnServiceProcess,
  stopServiceProcesses,
  type ServiceProcess,
  type TestDatabase,
} from './testing';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createReadinessCheck against Postgres', () => {
  let db: TestDatabase | undefined;
  const pools: Pool[] = [];

  beforeAll(async () => {
    db = await createTestDatabase({ poolMax: 1 });
  });

  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()));
    await db?.drop();
  });

  const poolOf = (url: string) => {
    const pool = createPool(url, { max: 1, applicationName: 'readiness-test' });
    pools.push(pool);
    return pool;
  };

  it('is ready while Postgres answers and not once the drain begins, without asking it', async () => {
    if (!db) throw new Error('no database');
    const pool = poolOf(db.url);
    const lifecycle = createLifecycle();
    const check = createReadinessCheck({ pool, lifecycle });
    expect(await check()).toEqual({ ready: true });
    lifecycle.drain();
    expect(await check()).toEqual({ ready: false, reason: 'draining' });
  });

  it('is not ready while Postgres cannot be reached', async () => {
    const closedPort = await freePort();
    const pool = poolOf(`postgres://postgres@127.0.0.1:${String(closedPort)}/nothing`);
    const check = createReadinessCheck({ pool, timeoutMs: 5_000 });
    expect(await check()).toEqual({ ready: false, reason: 'database' });
  });

  it('gives up after its timeout and asks once at a time while Postgres does not answer', async () => {
    if (!db) throw new Error('no database');
    const pool = poolOf(db.url);
    // The pool's only connection taken: SELECT 1 waits for it as it would for a hung server.
    const taken = await pool.connect();
    let released = false;
    try {
      const check = createReadinessCheck({ pool, timeoutMs: 200, cacheMs: 0 });
      expect(await check()).toEqual({ ready: false, reason: 'database' });
      expect(await check()).toEqual({ ready: false, reason: 'database' });
      expect(await check()).toEqual({ ready: false, reason: 'database' });
      // One query waiting, not one per probe.
      expect(pool.waitingCount).toBe(1);
      taken.release();
      released = true;
      await sleep(100);
      expect(await check()).toEqual({ ready: true });
    } finally {
      if (!released) taken.release();
    }
  });

  it('keeps an answer for cacheMs', async () => {
    if (!db) throw new Error('no database');
    const pool = poolOf(db.url);
    const check = createReadinessCheck({ pool, timeoutMs: 200, cacheMs: 60_000 });
    expect(await check()).toEqual({ ready: true });
    const taken = await pool.connect();
    try {
      // Asked again within the minute: the kept answer, no query.
      expect(await check()).toEqual({ ready: true });
      expect(pool.waitingCount).toBe(0);
    } finally {
      taken.release();
    }
  });
});

/** runService in a process of its own (service-runner.fixture.ts), sent SIGTERM as a deploy does. */
describe('runService', () => {
  const started: ServiceProcess[] = [];
  afterAll(() => stopServiceProcesses(started), 30_000);

  const start = async (env: Record<string, string>) => {
    const port = await freePort();
    const url = `http://127.0.0.1:${String(port)}`;
    const service = spawnServiceProcess(
      'runner-fixture',
      {
        PATH: process.env['PATH'],
        HOME: process.env['HOME'],
        LOG_LEVEL: 'info',
        FIXTURE_PORT: String(port),
        ...env,
      },
      { script: 'infra/src/service-runner.fixture.ts' },
    );
    started.push(service);
    await service.waitReady(url, 30_000);
    return { service, url };
  };

  const readyzStatus = (url: string) =>
    fetch(`${url}/readyz`).then(
      (response) => response.status,
      () => 'refused',
    );

  it('drains first (not ready, still answering), then stops and exits 0', async () => {
    const { service, url } = await start({ FIXTURE_DRAIN_MS: '1500' });
    service.terminate();
    let status: number | string = 200;
    for (let i = 0; i < 100 && status === 200; i++) status = await readyzStatus(url);
    expect(status).toBe(503);
    await service.exited;
    expect(service.child.exitCode, service.output()).toBe(0);
    expect(service.output()).toContain('fixture stopped');
  }, 60_000);

  it('ends the drain early on a second signal', async () => {
    const { service, url } = await start({
      FIXTURE_DRAIN_MS: '120000',
      FIXTURE_TIMEOUT_MS: '180000',
    });
    service.terminate();
    let status: number | string = 200;
    for (let i = 0; i < 100 && status === 200; i++) status = await readyzStatus(url);
    expect(status).toBe(503);
    if (service.child.pid !== undefined) process.kill(-service.child.pid, 'SIGINT');
    // Long before the two minutes of the drain.
    await Promise.race([service.exited, sleep(30_000)]);
    expect(service.child.exitCode, service.output()).toBe(0);
  }, 60_000);

  it('forces the exit with code 1 when stopping outlasts the timeout', async () => {
    const { service } = await start({ FIXTURE_MODE: 'hang', FIXTURE_TIMEOUT_MS: '1500' });
    service.terminate();
    await service.exited;
    expect(service.child.exitCode, service.output()).toBe(1);
    expect(service.output()).toContain('shutdown took too long');
  }, 60_000);

  it('still runs a service started without the lifecycle, stopping at once', async () => {
    const { service, url } = await start({ FIXTURE_MODE: 'plain' });
    service.terminate();
    await service.exited;
    expect(service.child.exitCode, service.output()).toBe(0);
    expect(await readyzStatus(url)).toBe('refused');
  }, 60_000);
});
