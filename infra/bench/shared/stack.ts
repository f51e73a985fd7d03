import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CONSISTENCY_TOKEN_HEADER,
  productConfigSchema,
  systemClock,
  type GlobalPosition,
} from '@campus/contracts';
import { createCommandApp, createStreamCallerResolver } from '@campus/command-service';
import {
  closeServer,
  createEventStore,
  createFirebaseTokenVerifier,
  createLogger,
  createPersonalDataVault,
  listen,
  type Pool,
} from '@campus/infra';
import {
  assertAuthEmulatorUp,
  emulatorIdToken,
  TEST_FIREBASE_PROJECT_ID,
} from '@campus/infra/testing';
import { allProjections, runProjectionsUntilAborted } from '@campus/projection-worker';
import {
  createQueryApp,
  createReadModelCallerResolver,
  createVisiblePositionTracker,
} from '@campus/query-service';
import { sleep } from './measure';
import { createBenchDatabase, createBenchRedis } from './resources';

export const BENCH_ADMIN_EMAIL = 'bench-admin@university.edu';

export type Account = { readonly token: string; readonly userId: string; readonly email: string };

/**
 * The whole backend in this process, as in production but on ports of its own: the command and
 * query services listening on 127.0.0.1, the projection worker following the log, a database
 * `campus_bench_<label>` and Redis keys `bench:<label>:`. Load comes from another process.
 */
export const startBenchStack = async (
  label: string,
  options: { before?: (pool: Pool) => Promise<void> } = {},
) => {
  await assertAuthEmulatorUp();
  const db = await createBenchDatabase(label, { poolMax: 20 });
  const boards = await createBenchRedis(label);
  await options.before?.(db.pool);
  const logger = createLogger('bench', 'warn');
  const config = productConfigSchema.parse({ ADMIN_EMAILS: BENCH_ADMIN_EMAIL });
  const store = await createEventStore({ pool: db.pool });
  const vault = createPersonalDataVault(db.pool);
  const verifier = createFirebaseTokenVerifier({ projectId: TEST_FIREBASE_PROJECT_ID });
  const uploadDir = await mkdtemp(join(tmpdir(), 'campus-bench-uploads-'));
  const commandApp = createCommandApp({
    store,
    pool: db.pool,
    uploadDir,
    vault,
    verifier,
    resolveCaller: createStreamCallerResolver(store),
    clock: systemClock,
    config,
    logger,
  });
  const tracker = createVisiblePositionTracker({ pool: db.pool, databaseUrl: db.url, logger });
  await tracker.start();
  const queryApp = createQueryApp({
    pool: db.pool,
    redis: boards.redis,
    boardPrefix: boards.prefix,
    uploadDir,
    verifier,
    resolveCaller: createReadModelCallerResolver(db.pool),
    tracker,
    clock: systemClock,
    config,
    logger,
  });
  const servers: Server[] = [await listen(commandApp, 0), await listen(queryApp, 0)];
  const urlOf = (server: Server) => {
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('server has no port');
    return `http://127.0.0.1:${String(address.port)}`;
  };
  const commandUrl = urlOf(servers[0] as Server);
  const queryUrl = urlOf(servers[1] as Server);

  let visible: GlobalPosition | null = null;
  const worker = new AbortController();
  const running = runProjectionsUntilAborted({
    store,
    pool: db.pool,
    vault,
    logger,
    projections: allProjections,
    redis: boards.redis,
    keyPrefix: boards.prefix,
    signal: worker.signal,
    onBatch: ({ last }) => {
      visible = last;
    },
  });

  /** Waits until the read model has caught up with every event stored so far. */
  const caughtUp = async (timeoutMs = 600_000) => {
    const head = await store.headPosition();
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const at: GlobalPosition | null = visible;
      if (
        head.txn === 0n ||
        (at !== null && (at.txn > head.txn || (at.txn === head.txn && at.seq >= head.seq)))
      )
        return;
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
    const response = await fetch(`${commandUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
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

  return {
    db,
    store,
    redis: boards.redis,
    commandUrl,
    queryUrl,
    send,
    registerUser,
    registerUsers,
    createOpportunities,
    caughtUp,
    stop: async () => {
      worker.abort();
      await running;
      for (const server of servers) await closeServer(server);
      // Requests whose client has gone may still be running: let them end before the pool does.
      await sleep(2_000);
      await tracker.close();
      await store.close();
      await boards.drop();
      await db.drop();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
};
export type BenchStack = Awaited<ReturnType<typeof startBenchStack>>;
