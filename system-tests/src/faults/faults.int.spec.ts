import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparePositions, toOpportunityStreamId } from '@campus/contracts';
import { startFaultStack, type FaultStack, type WorkerProcess } from '../stack/fault-stack';

/**
 * Kill cycles of the projection worker: FAULT_KILL_CYCLES, else 5 in CI and 20 elsewhere
 * (`FAULT_KILL_CYCLES=20 npx vitest run --project system-tests src/faults` for the full count).
 */
const KILL_CYCLES = Number(
  process.env['FAULT_KILL_CYCLES'] ?? (process.env['CI'] === 'true' ? 5 : 20),
);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('faults survived: private Postgres and Redis, the worker as its own process', () => {
  let s: FaultStack;
  let worker: WorkerProcess;
  /** What each fault found, printed for docs/reliability.md. */
  const figures: Record<string, unknown> = {};

  beforeAll(async () => {
    s = await startFaultStack();
    await s.seed();
    worker = await s.spawnWorker();
    await s.waitCaughtUp();
  }, 120_000);
  afterAll(async () => {
    console.info(`faults figures: ${JSON.stringify(figures)}`);
    await s.stop();
  }, 60_000);

  const expectBoardsEqualPostgres = async () => {
    const live = await s.liveBoards();
    expect(Object.keys(live).length).toBeGreaterThan(2);
    expect(live).toEqual(await s.boardsFromPostgres());
  };

  it('appends once when a command is retried after a client timeout with the same Idempotency-Key', async () => {
    const { host, organizations } = s.accounts();
    // The store answers slowly once (after the append committed), so the client gives up first.
    const body = {
      name: `Retried ${randomUUID().slice(0, 6)}`,
      description: 'Once.',
      date: '2026-04-20',
      time: '10:00',
      duration: 60,
      total_slots: 5,
      host_org_id: organizations[0],
      causes: ['Environment & Sustainability'],
    };
    const key = randomUUID();
    const post = (signal: AbortSignal) =>
      fetch(`${s.commandUrl}/api/opps`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${host.token}`,
          'content-type': 'application/json',
          'idempotency-key': key,
        },
        body: JSON.stringify(body),
        signal,
      });
    const lock = await s.pool.connect();
    let timedOut = false;
    try {
      // Appends wait behind this lock, so the first attempt cannot answer before its timeout.
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE es.events IN SHARE ROW EXCLUSIVE MODE');
      await post(AbortSignal.timeout(300)).catch((error: unknown) => {
        timedOut = (error as Error).name === 'TimeoutError';
      });
    } finally {
      await lock.query('COMMIT');
      lock.release();
    }
    expect(timedOut).toBe(true);
    // The client retries (409 while the first is still finishing) until it gets the answer.
    let answer: Response | null = null;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 50; attempt++) {
      answer = await post(AbortSignal.timeout(10_000));
      statuses.push(answer.status);
      if (answer.status !== 409) break;
      await sleep(100);
    }
    expect(answer?.status).toBe(201);
    expect(answer?.headers.get('idempotent-replayed')).toBe('true');
    const { id } = (await answer?.json()) as { id: string };
    const created = await s.store.readStream(toOpportunityStreamId(id));
    expect(created.filter((e) => e.type === 'OpportunityCreated')).toHaveLength(1);
    const { rows } = await s.pool.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM es.events
        WHERE event_type = 'OpportunityCreated' AND data->>'name' = $1`,
      [body.name],
    );
    expect(rows[0]?.n).toBe('1');
    // Without the key the same retry would have appended twice: the check can fail.
    const again = await request(s.commandApp)
      .post('/api/opps')
      .set('authorization', `Bearer ${host.token}`)
      .send(body);
    expect(again.status).toBe(201);
    const twice = await s.pool.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM es.events
        WHERE event_type = 'OpportunityCreated' AND data->>'name' = $1`,
      [body.name],
    );
    expect(twice.rows[0]?.n).toBe('2');
    figures['idempotentRetry'] = { attempts: statuses.length + 1, statuses, appended: 1 };
  }, 60_000);

  it('rebuilds the boards when Redis restarts empty', async () => {
    const load = s.startLoad({ pauseMs: 20 });
    await sleep(1_500);
    await s.redisServer.restartEmpty();
    const restartedAt = Date.now();
    await sleep(1_500);
    await load.stop();
    await s.waitCaughtUp();
    // The marker says whether the boards were rebuilt; give the check its interval.
    await s.waitBoardsRebuilt(20_000);
    await expectBoardsEqualPostgres();
    figures['redisRestart'] = {
      boards: Object.keys(await s.liveBoards()).length,
      rebuiltWithinMs: Date.now() - restartedAt,
    };
  }, 90_000);

  it(`survives ${String(KILL_CYCLES)} kill -9 of the worker mid-batch: read model = fresh replay, boards = Postgres`, async () => {
    const load = s.startLoad({ otherLanes: 1 });
    let midBatch = 0;
    try {
      for (let cycle = 0; cycle < KILL_CYCLES; cycle++) {
        const before = await s.slowestCommitted();
        // Kill while it works: after it committed a batch past where it started, a moment later.
        await s.waitProgress(before);
        await sleep(Math.random() * 150);
        const pending = await s.store.headPosition();
        await worker.kill9();
        const after = await s.slowestCommitted();
        if (after && comparePositions(pending, after) > 0) midBatch++;
        worker = await s.spawnWorker();
      }
    } finally {
      await load.stop();
    }
    await s.waitCaughtUp();
    // Let the boards watch finish any rebuild it started, then stop the worker for the comparison.
    await sleep(500);
    await worker.stop();

    const rows = await s.readModelRows();
    const boards = await s.liveBoards();
    expect(rows['dead_letters']).toEqual([]);
    expect(rows['point_ledger']?.length).toBeGreaterThan(10);
    expect(boards).toEqual(await s.boardsFromPostgres());
    await s.replayAll();
    expect(await s.readModelRows()).toEqual(rows);
    expect(await s.liveBoards()).toEqual(boards);
    figures['workerKills'] = {
      cycles: KILL_CYCLES,
      killedWithEventsPending: midBatch,
      commandsAcknowledged: s.stats.acknowledged,
      rows: Object.values(rows).reduce((n, r) => n + r.length, 0),
    };
  }, 600_000);

  it('recovers from a Postgres restart under load without a manual step, losing no acknowledged command', async () => {
    // A worker of its own (the one before may have been stopped by an earlier test).
    if (worker.child.exitCode === null && worker.child.signalCode === null) await worker.stop();
    worker = await s.spawnWorker();
    await s.waitCaughtUp();
    const acknowledgedBefore = s.acknowledged.length;
    const failedBefore = s.stats.failed;
    const load = s.startLoad({ otherLanes: 2 });
    await sleep(1_500);
    await s.postgres.restart(1_000);
    const restartedAt = Date.now();
    // The services answer again on their own: a command is acknowledged after the restart.
    const recovered = s.acknowledged.length;
    while (s.acknowledged.length === recovered && Date.now() - restartedAt < 30_000)
      await sleep(50);
    const recoveredInMs = Date.now() - restartedAt;
    expect(s.acknowledged.length).toBeGreaterThan(recovered);
    await sleep(1_500);
    await load.stop();

    const stored = await s.storedCorrelationIds();
    const lost = s.acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    expect(s.acknowledged.length - acknowledgedBefore).toBeGreaterThan(10);

    // The worker (its own process, never restarted by hand) catches up; reads answer again.
    await s.waitCaughtUp();
    const { admin, students } = s.accounts();
    const last = students.at(-1);
    const reply = await request(s.queryApp)
      .get(`/api/users/${last?.userId ?? ''}`)
      .set('authorization', `Bearer ${admin.token}`);
    expect(reply.status).toBe(200);
    expect(worker.child.exitCode).toBeNull();
    await expectBoardsEqualPostgres();
    const rows = await s.readModelRows();
    await worker.stop();
    await s.replayAll();
    expect(await s.readModelRows()).toEqual(rows);
    figures['postgresRestart'] = {
      acknowledged: s.acknowledged.length - acknowledgedBefore,
      failedDuringOutage: s.stats.failed - failedBefore,
      recoveredInMs,
      lost: lost.length,
    };
  }, 180_000);
});
