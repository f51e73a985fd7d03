import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  maxPosition,
  parsePosition,
  START_POSITION,
  type EventStore,
  type GlobalPosition,
} from '@campus/contracts';
import {
  boardsStateKeys,
  createEventStore,
  createLogger,
  createPersonalDataVault,
  createJobWorkerRedisClient,
  createRedisClient,
  type PersonalDataVault,
  type RedisClient,
} from '@campus/infra';
import {
  boardsUnder,
  createTestDatabase,
  startPrivateRedis,
  takeBoardsUnder,
  type PrivateRedis,
  type TestDatabase,
} from '@campus/infra/testing';
import { rebuildBoards } from '../boards/rebuild-boards';
import { allProjections } from '../projections';
import {
  attendedOpportunity,
  memberJoined,
  organizationCreated,
  userRegistered,
  type TestEvent,
} from '../testing/events';
import { readCheckpointStates } from './checkpoints';
import { runProjectionsUntilAborted } from './run-projections';

/**
 * A Redis outage never stalls the read model: with Redis stopped (connections refused) or frozen
 * (SIGSTOP: connections accepted, nothing answered), batches commit and become visible within a
 * few command timeouts, and once Redis answers again the boards equal the ones Postgres makes,
 * also when the worker stopped meanwhile and Redis came back with its old boards.
 */

const PREFIX = 'outage:';
const VERIFY_PREFIX = 'verify:';
const names = allProjections.map((p) => p.name);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('projector during a Redis outage (private Redis stopped, started, frozen)', () => {
  let db: TestDatabase;
  let store: EventStore;
  let vault: PersonalDataVault;
  let server: PrivateRedis;
  let redis: RedisClient;
  const logger = createLogger('test');
  let host = '';
  let students: string[] = [];
  let organization = '';
  let appended: GlobalPosition = START_POSITION;
  let worker: { stop: () => Promise<void> } | null = null;

  const append = async (...events: readonly TestEvent[]) => {
    for (const { stream, event } of events) {
      const { position } = await store.append(stream, [event]);
      appended = maxPosition(appended, position);
    }
  };

  const startWorker = (client: RedisClient = redis) => {
    const controller = new AbortController();
    const running = runProjectionsUntilAborted({
      store,
      pool: db.pool,
      vault,
      logger,
      projections: allProjections,
      redis: client,
      keyPrefix: PREFIX,
      signal: controller.signal,
    });
    worker = {
      stop: async () => {
        controller.abort();
        await running;
      },
    };
  };
  const stopWorker = async () => {
    await worker?.stop();
    worker = null;
  };

  /** The slowest projection's visible checkpoint: what read-your-writes waits for. */
  const visible = async () => {
    const states = await readCheckpointStates(db.pool, names);
    return names
      .map((n) => states.get(n)?.visible ?? START_POSITION)
      .reduce((min, p) => (comparePositions(p, min) < 0 ? p : min));
  };
  /** Waits until everything appended is visible; answers false past `timeoutMs` (a stall). */
  const becomesVisible = async (timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (comparePositions(await visible(), appended) >= 0) return true;
      await sleep(50);
    }
    return false;
  };

  const fromPostgres = async () => {
    await rebuildBoards(db.pool, redis, VERIFY_PREFIX);
    return takeBoardsUnder(redis, VERIFY_PREFIX);
  };
  /** Waits until the live boards equal Postgres' (Redis answering); answers the last of both. */
  const boardsSettle = async (timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [live, expected] = [await boardsUnder(redis, PREFIX), await fromPostgres()];
      const flagged = await redis.exists(boardsStateKeys(PREFIX).rebuilding);
      if ((JSON.stringify(live) === JSON.stringify(expected) && !flagged) || Date.now() > deadline)
        return { live, expected, flagged };
      await sleep(200);
    }
  };

  const pointsOf = async (userId: string) => {
    const { rows } = await db.pool.query<{ points: number }>(
      'SELECT points FROM read.users WHERE id = $1',
      [userId],
    );
    return rows[0]?.points ?? null;
  };

  /** An opportunity and its attendance: points for `who`, so boards change. */
  const attendance = (who: readonly string[], minutes: number, date = '2026-03-10') =>
    attendedOpportunity({ hostUserId: host, date, durationMinutes: minutes, attended: who });

  beforeAll(async () => {
    db = await createTestDatabase({ poolMax: 8 });
    store = await createEventStore({ pool: db.pool });
    vault = createPersonalDataVault(db.pool);
    server = await startPrivateRedis();
    // A short command timeout keeps the test quick; production's default is 2 s.
    redis = createRedisClient(server.url, { commandTimeout: 400 });
    redis.on('error', () => undefined);
    const registered = await Promise.all([0, 1, 2, 3].map(() => userRegistered(vault)));
    host = registered[0]?.userId ?? '';
    students = registered.slice(1).map((r) => r.userId);
    const club = organizationCreated({ hostUserId: host, type: 'Sports Team' });
    organization = club.organizationId;
    await append(
      ...registered,
      club,
      ...students.map((s) => memberJoined(organization, s)),
      ...attendance(students, 60),
    );
    startWorker();
    expect(await becomesVisible()).toBe(true);
    const settled = await boardsSettle();
    expect(settled.live).toEqual(settled.expected);
  });

  afterEach(async () => {
    // Whatever a test left, the next starts with Redis answering and a worker running.
    await server.start();
    server.resume();
    if (!worker) startWorker();
  });

  it('goes on with a Redis client made without a command timeout too', async () => {
    const [ann = '', ben = ''] = students;
    // Commands of this client wait through reconnects and never time out by themselves.
    const unbounded = createJobWorkerRedisClient(server.url);
    unbounded.on('error', () => undefined);
    try {
      await stopWorker();
      startWorker(unbounded);
      // Once a batch is visible, the worker has started and written boards through this client.
      await append(...attendance([ben], 10, '2026-06-30'));
      expect(await becomesVisible()).toBe(true);
      server.pause();
      await append(...attendance([ann], 20, '2026-07-01'));
      expect(await becomesVisible()).toBe(true);
      await append(...attendance([ben], 25, '2026-07-02'));
      expect(await becomesVisible()).toBe(true);
      server.resume();
      const { live, expected } = await boardsSettle();
      expect(live).toEqual(expected);
    } finally {
      await stopWorker();
      unbounded.disconnect();
    }
  }, 60_000);

  afterAll(async () => {
    await stopWorker();
    redis.disconnect();
    await server.stop();
    await store.close();
    await db.drop();
  });

  it('goes on while Redis is stopped, then rebuilds the boards of an empty Redis', async () => {
    const [ann = '', ben = ''] = students;
    await server.stop();
    const late = await userRegistered(vault);
    await append(late, ...attendance([ann, late.userId], 90), memberJoined(organization, ben));
    // Rows and the visible checkpoint move on without Redis (they stalled while writes waited).
    expect(await becomesVisible()).toBe(true);
    expect(await pointsOf(late.userId)).toBeGreaterThan(0);

    await server.start();
    const { live, expected, flagged } = await boardsSettle();
    expect(live).toEqual(expected);
    expect(Object.keys(live).length).toBeGreaterThan(0);
    expect(flagged).toBe(0);
    const keys = boardsStateKeys(PREFIX);
    expect(await redis.exists(keys.present)).toBe(1);
    const position = parsePosition((await redis.get(keys.position)) ?? '');
    expect(position && comparePositions(position, START_POSITION) > 0).toBe(true);
  }, 60_000);

  it('goes on while Redis is frozen (answers nothing), then replaces the boards it missed', async () => {
    const [ann = '', ben = '', cat = ''] = students;
    const before = await boardsUnder(redis, PREFIX);
    server.pause();
    await append(...attendance([ben, cat], 45, '2026-04-14'));
    expect(await becomesVisible()).toBe(true);
    await append(...attendance([ann], 30, '2026-04-15'));
    expect(await becomesVisible()).toBe(true);

    server.resume();
    const { live, expected, flagged } = await boardsSettle();
    expect(live).toEqual(expected);
    expect(flagged).toBe(0);
    // The outage's points are on the boards: they moved from what they were before it.
    expect(live).not.toEqual(before);
  }, 60_000);

  it('catches the boards up when the worker stopped during the outage and Redis kept its old boards', async () => {
    const [ann = '', ben = '', cat = ''] = students;
    server.pause();
    // The first batch's writes wait in the frozen server and land when it resumes; the second's
    // were never sent (the boards were owed by then).
    await append(...attendance([cat], 120, '2026-05-05'));
    expect(await becomesVisible()).toBe(true);
    await append(...attendance([ben], 100, '2026-05-07'));
    expect(await becomesVisible()).toBe(true);
    // The worker stops while the boards are owed: what it owed was in its memory only.
    await stopWorker();
    server.resume();
    const stale = await boardsUnder(redis, PREFIX);
    expect(stale).not.toEqual(await fromPostgres());

    startWorker();
    await append(...attendance([ann], 15, '2026-05-06'));
    expect(await becomesVisible()).toBe(true);
    const { live, expected } = await boardsSettle();
    expect(live).toEqual(expected);
  }, 60_000);

  it('starts, and goes on, while Redis is stopped', async () => {
    const [, ben = ''] = students;
    await stopWorker();
    await server.stop();
    startWorker();
    await append(...attendance([ben], 75, '2026-06-02'));
    expect(await becomesVisible()).toBe(true);

    await server.start();
    const { live, expected } = await boardsSettle();
    expect(live).toEqual(expected);
  }, 60_000);
});
