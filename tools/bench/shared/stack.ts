import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { comparePositions, CONSISTENCY_TOKEN_HEADER, type GlobalPosition } from '@campus/contracts';
import { createEventStore, type Pool } from '@campus/infra';
import { assertAuthEmulatorUp, emulatorIdToken } from '@campus/infra/testing';
import { allProjections } from '@campus/projection-worker';
import { startInProcessServices } from './in-process-services';
import { readAllStats, type CpuGroups } from './proc-cpu';
import { sleep } from './measure';
import { createBenchDatabase, createBenchRedis } from './resources';
import { startServiceProcesses } from './service-processes';

export const BENCH_ADMIN_EMAIL = 'bench-admin@university.edu';

export type Account = { readonly token: string; readonly userId: string; readonly email: string };

/** BENCH_STACK=single runs the three services in the bench's own process, as the bench used to. */
const singleProcess = process.env['BENCH_STACK'] === 'single';

/**
 * The whole backend as in production but on ports of its own: the command service, the query
 * service and the projection worker, each an OS process started from its production entry point
 * (BENCH_STACK=single: all three in this process), a database `campus_bench_<label>` and Redis keys
 * `bench:<label>:`. Load comes from another process.
 */
export const startBenchStack = async (
  label: string,
  options: {
    before?: (pool: Pool) => Promise<void>;
    /** Admins besides BENCH_ADMIN_EMAIL (the demo loader's own admin, for one). */
    admins?: readonly string[];
  } = {},
) => {
  const adminEmail = [BENCH_ADMIN_EMAIL, ...(options.admins ?? [])].join(',');
  await assertAuthEmulatorUp();
  const db = await createBenchDatabase(label, { poolMax: 20 });
  const boards = await createBenchRedis(label);
  await options.before?.(db.pool);
  const dir = await mkdtemp(join(tmpdir(), 'campus-bench-'));
  const uploadDir = join(dir, 'uploads');
  const reportsDir = join(dir, 'reports');
  await mkdir(uploadDir);
  await mkdir(reportsDir);
  // In separate processes this store only reads the head; in one process it is the services' store.
  const store = await createEventStore({ pool: db.pool, notify: singleProcess });
  const services = singleProcess
    ? await startInProcessServices({
        pool: db.pool,
        databaseUrl: db.url,
        store,
        redis: boards.redis,
        redisPrefix: boards.prefix,
        uploadDir,
        adminEmail,
      })
    : await startServiceProcesses({
        databaseUrl: db.url,
        redisPrefix: boards.prefix,
        uploadDir,
        reportsDir,
        adminEmail,
      }).catch(async (error: unknown) => {
        await Promise.allSettled([store.close(), boards.drop(), db.drop()]);
        await rm(dir, { recursive: true, force: true });
        throw error;
      });
  const { commandUrl, queryUrl } = services;

  /**
   * Whether every projection's visible checkpoint has reached `head`: the query service's own
   * visible position (the slowest projection's), once each projection has a checkpoint.
   */
  const visibleReaches = async (head: GlobalPosition) => {
    const { rows } = await db.pool.query<{ projections: string; txn: string; seq: string }>(
      `SELECT count(*) OVER () AS projections, visible_txn AS txn, visible_seq AS seq
         FROM read.checkpoints ORDER BY visible_txn, visible_seq LIMIT 1`,
    );
    const row = rows[0];
    return (
      row !== undefined &&
      Number(row.projections) >= allProjections.length &&
      comparePositions({ txn: BigInt(row.txn), seq: BigInt(row.seq) }, head) >= 0
    );
  };

  /** Waits until the read model has caught up with every event stored so far. */
  const caughtUp = async (timeoutMs = 600_000) => {
    const head = await store.headPosition();
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      services.check();
      if (head.txn === 0n || (await visibleReaches(head))) return;
      await sleep(100);
    }
    throw new Error('the projection worker did not catch up in time');
  };

  const send = async (
    method: string,
    path: string,
    token: string | null,
    body?: object,
  ): Promise<{ status: number; body: unknown; token: string | null }> => {
    services.check();
    const attempt = () =>
      fetch(`${commandUrl}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    let response = await attempt();
    // The set-up's admin goes over the per-user command rate (30 a second): wait as told. A 5xx
    // is tried again a few times: Postgres is shared with everyone's tests and sometimes refuses
    // new connections (the set-up is not measured; a lasting failure still fails the bench).
    for (let tries = 0, errors = 0; tries < 20; tries++) {
      const busy = response.status === 429;
      if (!busy && !(response.status >= 500 && errors++ < 3)) break;
      await response.arrayBuffer();
      await sleep(busy ? Number(response.headers.get('retry-after') ?? 1) * 1_000 : 2_000);
      response = await attempt();
    }
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as unknown) : null,
      token: response.headers.get(CONSISTENCY_TOKEN_HEADER),
    };
  };
  const expect = async (what: string, pending: ReturnType<typeof send>, ok = [200, 201]) => {
    const answer = await pending;
    if (!ok.includes(answer.status))
      throw new Error(`${what}: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
    return answer;
  };

  const registerUser = async (email: string): Promise<Account> => {
    const token = await emulatorIdToken(email);
    const answer = await expect(
      `registering ${email}`,
      send('POST', '/api/users', token, {
        first_name: 'Bench',
        last_name: email.split('@')[0],
        phone: '5551234567',
        has_car: false,
      }),
      [201],
    );
    return { token, userId: (answer.body as { id: string }).id, email };
  };

  /** `count` students registered over HTTP, a few at a time. */
  const registerUsers = async (prefix: string, count: number): Promise<Account[]> => {
    const accounts: Account[] = [];
    for (let i = 0; i < count; i += 8) {
      const chunk = Array.from({ length: Math.min(8, count - i) }, (_, j) =>
        registerUser(`${prefix}-${String(i + j)}@university.edu`),
      );
      accounts.push(...(await Promise.all(chunk)));
    }
    return accounts;
  };

  /** An approved organization hosted by `host`, and `count` approved opportunities of it. */
  const createOpportunities = async (
    admin: Account,
    count: number,
    options: { totalSlots: number; daysAhead?: number },
  ): Promise<string[]> => {
    const org = await expect(
      'creating an organization',
      send('POST', '/api/orgs', admin.token, {
        name: `Bench ${label} ${String(Date.now())}`,
        type: 'Community Service',
        description: 'Bench',
      }),
      [201],
    );
    const orgId = (org.body as { id: string }).id;
    await expect(
      'approving the organization',
      send('PUT', `/api/orgs/${orgId}`, admin.token, { approved: true }),
    );
    const day = new Date(Date.now() + (options.daysAhead ?? 30) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const ids: string[] = [];
    for (let i = 0; i < count; i += 8) {
      const chunk = Array.from({ length: Math.min(8, count - i) }, async (_, j) => {
        const created = await expect(
          'creating an opportunity',
          send('POST', '/api/opps', admin.token, {
            name: `Bench opportunity ${String(i + j)}`,
            description: 'Bring gloves and water.',
            date: day,
            time: '10:00',
            duration: 60,
            total_slots: options.totalSlots,
            host_org_id: orgId,
            causes: ['Environment & Sustainability'],
          }),
          [201],
        );
        const id = (created.body as { id: string }).id;
        await expect(
          'approving an opportunity',
          send('PUT', `/api/opps/${id}`, admin.token, { approved: true }),
        );
        return id;
      });
      ids.push(...(await Promise.all(chunk)));
    }
    return ids;
  };

  /**
   * What the CPU of the production path is counted over: each service's process group, the whole
   * Postgres cluster (its postmaster, every backend of every database and the background
   * processes) and the Redis server (shared with other users of this machine too). With
   * BENCH_STACK=single the services are this process, which also runs the bench itself.
   */
  const cpuGroups = async (): Promise<CpuGroups> => {
    const { rows } = await db.pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const backend = (await readAllStats()).find((s) => s.pid === rows[0]?.pid);
    const redisInfo = await boards.redis.info('server');
    const redisPid = Number(/process_id:(\d+)/.exec(redisInfo)?.[1]);
    const groups: Record<string, { processGroups?: number[]; tree?: number }> =
      'processGroups' in services
        ? {
            'command service': { processGroups: [services.processGroups.command ?? -1] },
            'projection worker': { processGroups: [services.processGroups.worker ?? -1] },
            'query service': { processGroups: [services.processGroups.query ?? -1] },
          }
        : { 'services (one process)': { processGroups: [process.pid] } };
    if (backend) groups['Postgres'] = { tree: backend.ppid };
    if (Number.isFinite(redisPid)) groups['Redis'] = { processGroups: [redisPid] };
    return groups;
  };

  /** A command service whose clock is shifted (set-up only; needs the services as processes). */
  const startShiftedCommandService = (clockOffsetMs: number) => {
    if (!('startShiftedCommandService' in services))
      throw new Error('a shifted clock needs the services as processes (not BENCH_STACK=single)');
    return services.startShiftedCommandService(clockOffsetMs);
  };

  return {
    db,
    store,
    cpuGroups,
    startShiftedCommandService,
    redis: boards.redis,
    commandUrl,
    queryUrl,
    send,
    registerUser,
    registerUsers,
    createOpportunities,
    caughtUp,
    stop: async () => {
      try {
        await services.stop();
      } finally {
        await store.close();
        await boards.drop();
        await db.drop();
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
};
export type BenchStack = Awaited<ReturnType<typeof startBenchStack>>;
