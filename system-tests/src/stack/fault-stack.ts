import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import request from 'supertest';
import {
  comparePositions,
  CONSISTENCY_TOKEN_HEADER,
  manualClock,
  productConfigSchema,
  type GlobalPosition,
} from '@campus/contracts';
import { createCommandApp, createStreamCallerResolver } from '@campus/command-service';
import {
  createEventStore,
  createFirebaseTokenVerifier,
  createLogger,
  createPersonalDataVault,
  createPool,
  createRedisClient,
  type Pool,
  type RedisClient,
} from '@campus/infra';
import {
  assertAuthEmulatorUp,
  emulatorIdToken,
  freePort,
  startPrivatePostgres,
  startPrivateRedis,
  TEST_FIREBASE_PROJECT_ID,
} from '@campus/infra/testing';
import { allProjections } from '@campus/projection-worker';
import {
  createQueryApp,
  createReadModelCallerResolver,
  createVisiblePositionTracker,
} from '@campus/query-service';
import { createStackChecks } from './stack-checks';

/**
 * The backend over a private Postgres and Redis (servers of the test's own, on free ports) that
 * faults may kill or empty: the command and query apps in this process, the projection worker as
 * a separate OS process (`projection-worker/src/main.ts` under tsx) that can be killed with
 * SIGKILL, and a generator of a steady stream of commands that records which were acknowledged.
 */

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORKER_MAIN = join(REPO_ROOT, 'projection-worker/src/main.ts');
export const BOARD_PREFIX = 'campus:';
export const ADMIN = 'faults-admin@university.edu';
/** Opportunities are created before this and their attendance marked after AFTER_START. */
const BEFORE = '2026-03-02T15:00:00.000Z';
const AFTER_START = '2026-03-10T16:00:00.000Z';
/** The one header a command answer carries when it appended something. */
const CORRELATION_HEADER = 'x-correlation-id';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Account = { token: string; userId: string; email: string };

export type WorkerProcess = {
  readonly child: ChildProcess;
  /** SIGKILL: no cleanup, no graceful stop. */
  readonly kill9: () => Promise<void>;
  /** SIGTERM and wait for the exit. */
  readonly stop: () => Promise<void>;
};

const waitExit = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

export const startFaultStack = async () => {
  await assertAuthEmulatorUp();
  const dir = await mkdtemp(join(tmpdir(), 'campus-faults-'));
  const postgres = await startPrivatePostgres();
  const redisServer = await startPrivateRedis();
  const logger = createLogger('faults');
  const pool: Pool = createPool(postgres.databaseUrl, { max: 12, applicationName: 'faults' });
  const store = await createEventStore({ pool });
  const vault = createPersonalDataVault(pool);
  const verifier = createFirebaseTokenVerifier({ projectId: TEST_FIREBASE_PROJECT_ID });
  const clock = manualClock(BEFORE);
  const config = { ...productConfigSchema.parse({}), ADMIN_EMAILS: [ADMIN] };
  const uploadDir = join(dir, 'uploads');
  const redis: RedisClient = createRedisClient(redisServer.url);
  redis.on('error', () => undefined);

  const commandApp: Express = createCommandApp({
    store,
    pool,
    uploadDir,
    vault,
    verifier,
    resolveCaller: createStreamCallerResolver(store),
    clock,
    config,
    logger,
  });
  const tracker = createVisiblePositionTracker({
    pool,
    databaseUrl: postgres.databaseUrl,
    logger,
  });
  await tracker.start();
  const queryApp: Express = createQueryApp({
    pool,
    redis,
    boardPrefix: BOARD_PREFIX,
    uploadDir,
    verifier,
    resolveCaller: createReadModelCallerResolver(pool),
    tracker,
    clock,
    config,
    logger,
  });
  /** The command app on a real port, for clients that time out. */
  const commandServer: Server = await new Promise((resolve) => {
    const server = commandApp.listen(0, '127.0.0.1', () => resolve(server));
  });
  const address = commandServer.address();
  const commandUrl = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;

  const workers = new Set<ChildProcess>();
  let workerRuns = 0;
  /** Starts `projection-worker/src/main.ts` as its own process, logging to a file of the test's. */
  const spawnWorker = async (batchSize = 20): Promise<WorkerProcess> => {
    const log = await open(join(dir, `worker-${String(++workerRuns)}.log`), 'w');
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER_MAIN], {
      cwd: REPO_ROOT,
      env: {
        PATH: process.env['PATH'],
        HOME: process.env['HOME'],
        APP_ENV: 'test',
        LOG_LEVEL: 'info',
        DATABASE_URL: postgres.databaseUrl,
        REDIS_URL: redisServer.url,
        REDIS_PREFIX: BOARD_PREFIX,
        JOBS_PREFIX: `faults-jobs-${randomUUID().slice(0, 8)}`,
        REPORTS_DIR: join(dir, 'reports'),
        WORKER_METRICS_PORT: String(await freePort()),
        PROJECTION_BATCH_SIZE: String(batchSize),
        BOARDS_CHECK_MS: process.env['FAULT_BOARDS_CHECK_MS'] ?? '250',
      },
      stdio: ['ignore', log.fd, log.fd],
    });
    workers.add(child);
    void waitExit(child).then(async () => {
      workers.delete(child);
      await log.close();
    });
    return {
      child,
      kill9: async () => {
        child.kill('SIGKILL');
        await waitExit(child);
      },
      stop: async () => {
        child.kill('SIGTERM');
        await waitExit(child);
      },
    };
  };

  const checks = createStackChecks({
    pool,
    store,
    vault,
    logger,
    redis,
    boardPrefix: BOARD_PREFIX,
  });

  /** The slowest projection's committed checkpoint (null until every projection has one). */
  const slowestCommitted = async (): Promise<GlobalPosition | null> => {
    const rows = await checks.checkpoints();
    if (rows.length < allProjections.length) return null;
    return rows
      .map((r) => r.committed)
      .reduce((min, p) => (comparePositions(p, min) < 0 ? p : min));
  };

  /** Waits until the worker has committed a batch past `from` (it is working), or times out. */
  const waitProgress = async (from: GlobalPosition | null, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const now = await slowestCommitted().catch(() => null);
      if (now && (!from || comparePositions(now, from) > 0)) return now;
      if (Date.now() > deadline) throw new Error('the worker made no progress');
      await sleep(20);
    }
  };

  // --- accounts and the command stream --------------------------------------------------------

  let emails = 0;
  const register = async (label: string, first = 'Student', fixed?: string): Promise<Account> => {
    const email = fixed ?? `${label}-${String(++emails)}@university.edu`;
    const token = await emulatorIdToken(email);
    const response = await request(commandApp)
      .post('/api/users')
      .set('authorization', `Bearer ${token}`)
      .send({ first_name: first, last_name: label, phone: '5551234567', has_car: false });
    if (response.status !== 201)
      throw new Error(`registering ${email}: ${String(response.status)} ${response.text}`);
    return { token, userId: (response.body as { id: string }).id, email };
  };

  /** Acknowledged commands: answered 2xx with a consistency token (they appended). */
  const acknowledged: string[] = [];
  const stats = { sent: 0, acknowledged: 0, refused: 0, failed: 0 };

  const send = async (
    method: 'post' | 'put' | 'delete',
    path: string,
    token: string,
    body?: object,
  ) => {
    const correlationId = randomUUID();
    stats.sent++;
    try {
      const call = request(commandApp)[method](path);
      const response = await call
        .set('authorization', `Bearer ${token}`)
        .set(CORRELATION_HEADER, correlationId)
        .timeout(15_000)
        .send(body ?? {});
      if (response.status >= 200 && response.status < 300) {
        if (response.headers[CONSISTENCY_TOKEN_HEADER]) {
          acknowledged.push(correlationId);
          stats.acknowledged++;
        }
      } else if (response.status >= 500) stats.failed++;
      else stats.refused++;
      return response;
    } catch {
      stats.failed++;
      return null;
    }
  };

  let admin: Account;
  let host: Account;
  const students: Account[] = [];
  const organizations: string[] = [];

  const seed = async (studentCount = 16) => {
    admin = await register('admin', 'Ada', ADMIN);
    host = await register('host', 'Hal');
    for (let i = 0; i < studentCount; i++) students.push(await register('student'));
    for (const name of ['Runners', 'Readers']) {
      const created = await request(commandApp)
        .post('/api/orgs')
        .set('authorization', `Bearer ${host.token}`)
        .send({ name: `${name} ${randomUUID().slice(0, 6)}`, type: 'Sports Team' });
      if (created.status !== 201) throw new Error(`creating an organization: ${created.text}`);
      const id = (created.body as { id: string }).id;
      await request(commandApp)
        .put(`/api/orgs/${id}`)
        .set('authorization', `Bearer ${admin.token}`)
        .send({ approved: true })
        .expect(200);
      organizations.push(id);
    }
  };

  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(Math.random() * items.length)];
    if (item === undefined) throw new Error('nothing to pick from');
    return item;
  };

  /**
   * One round of the opportunity lane: an opportunity created and approved, students signing up,
   * the clock moved past its start, attendance marked (points and boards change).
   */
  const opportunityRound = async () => {
    clock.set(BEFORE);
    const created = await send('post', '/api/opps', host.token, {
      name: `Clean-up ${randomUUID().slice(0, 6)}`,
      description: 'Bring gloves.',
      date: '2026-03-10',
      time: '10:00',
      duration: 60,
      total_slots: 50,
      host_org_id: pick(organizations),
      causes: ['Environment & Sustainability'],
    });
    if (created?.status !== 201) return;
    const id = (created.body as { id: string }).id;
    await send('put', `/api/opps/${id}`, admin.token, { approved: true });
    const signed = new Set<Account>();
    for (let i = 0; i < 6; i++) {
      const who = pick(students);
      const response = await send('post', '/api/register-opp', who.token, {
        user_id: who.userId,
        opportunity_id: id,
      });
      if (response && response.status < 300) signed.add(who);
    }
    clock.set(AFTER_START);
    const attended = [...signed].filter(() => Math.random() < 0.8);
    await send('put', '/api/attendance', host.token, {
      opportunity_id: id,
      user_ids: attended.map((a) => a.userId),
      duration: 30 + Math.floor(Math.random() * 90),
    });
  };

  /** One command of a lane that does not depend on the clock. */
  const otherCommand = async () => {
    const who = pick(students);
    const roll = Math.random();
    if (roll < 0.3) {
      await send('put', `/api/users/${who.userId}`, who.token, {
        bio: `Bio ${randomUUID().slice(0, 8)}`,
      });
    } else if (roll < 0.5) {
      await send('post', '/api/register-org', who.token, {
        user_id: who.userId,
        organization_id: pick(organizations),
      });
    } else if (roll < 0.65) {
      await send('post', '/api/unregister-org', who.token, {
        user_id: who.userId,
        organization_id: pick(organizations),
      });
    } else if (roll < 0.9) {
      const other = pick(students);
      if (other !== who)
        await send('post', `/api/users/${who.userId}/friends`, who.token, {
          receiver_id: other.userId,
        });
    } else {
      const email = `late-${String(++emails)}@university.edu`;
      const token = await emulatorIdToken(email).catch(() => null);
      if (token) {
        const response = await send('post', '/api/users', token, {
          first_name: 'Late',
          last_name: 'Comer',
          phone: '5551234567',
          has_car: false,
        });
        if (response?.status === 201)
          students.push({ token, email, userId: (response.body as { id: string }).id });
      }
    }
  };

  /**
   * Runs the steady stream until stopped: one lane of opportunity rounds (it alone moves the
   * clock) and `otherLanes` lanes of clock-free commands. A failed command (a fault) is counted
   * and the lane goes on after a short pause.
   */
  const startLoad = (options: { otherLanes?: number; pauseMs?: number } = {}) => {
    let running = true;
    const pause = options.pauseMs ?? 0;
    const lane = async (step: () => Promise<void>) => {
      while (running) {
        const before = stats.failed;
        await step().catch(() => {
          stats.failed++;
        });
        await sleep(stats.failed > before ? 100 : pause);
      }
    };
    const lanes = [
      lane(opportunityRound),
      ...Array.from({ length: options.otherLanes ?? 1 }, () => lane(otherCommand)),
    ];
    return {
      stop: async () => {
        running = false;
        await Promise.all(lanes);
      },
    };
  };

  return {
    postgres,
    redisServer,
    pool,
    store,
    redis,
    clock,
    commandApp,
    commandUrl,
    queryApp,
    spawnWorker,
    ...checks,
    slowestCommitted,
    waitProgress,
    seed,
    startLoad,
    send,
    acknowledged,
    stats,
    accounts: () => ({ admin, host, students, organizations }),
    logDir: dir,
    stop: async () => {
      for (const child of workers) child.kill('SIGKILL');
      await Promise.all([...workers].map(waitExit));
      await new Promise<void>((resolve) => commandServer.close(() => resolve()));
      await tracker.close();
      redis.disconnect();
      await store.close();
      await pool.end();
      await redisServer.stop();
      await postgres.destroy();
      if (!process.env['KEEP_FAULT_LOGS']) await rm(dir, { recursive: true, force: true });
    },
  };
};
export type FaultStack = Awaited<ReturnType<typeof startFaultStack>>;
