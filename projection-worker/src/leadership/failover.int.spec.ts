import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  maxPosition,
  START_POSITION,
  type GlobalPosition,
} from '@campus/contracts';
import {
  freePort,
  serviceTestEnv,
  spawnServiceProcess,
  stopServiceProcesses,
  type ServiceProcess,
} from '@campus/infra/testing';
import { readCheckpointStates } from '../projector/checkpoints';
import { listDeadLetters } from '../projector/dead-letters';
import { allProjections } from '../projections';
import { opportunityCreated, signedUp, userRegistered, type TestEvent } from '../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../testing/harness';

type Worker = { readonly process: ServiceProcess; readonly url: string };
type Readiness = { status: string; role?: string };

/** How soon a standby must lead once the leader is gone. */
const TAKEOVER_MS = 5_000;

describe('projection workers as processes: one leads, a standby takes over', () => {
  let h: ProjectionHarness;
  let reportsDir: string;
  let hostId: string;
  let opportunityId: string;
  let signups = 0;
  let head: GlobalPosition = START_POSITION;
  const workers: Worker[] = [];

  const append = async (...events: readonly TestEvent[]) => {
    for (const { stream, event } of events) {
      const { position } = await h.store.append(stream, [event]);
      head = maxPosition(head, position);
    }
  };
  /** `count` new people, each signing up for the one opportunity. */
  const moreSignups = async (count: number) => {
    const people = await Promise.all(Array.from({ length: count }, () => userRegistered(h.vault)));
    const events = people.flatMap((p) => [p, signedUp(opportunityId, p.userId)]);
    signups += count;
    await append(...events);
  };

  const startWorker = async (): Promise<Worker> => {
    const port = await freePort();
    const process = spawnServiceProcess(
      'projection-worker',
      {
        ...serviceTestEnv({ databaseUrl: h.db.url, redisPrefix: h.prefix, logLevel: 'info' }),
        WORKER_METRICS_PORT: String(port),
        REPORTS_DIR: reportsDir,
        PROJECTION_BATCH_SIZE: '4',
        // Nothing is mailed here; a port nobody listens on.
        SMTP_PORT: String(await freePort()),
      },
      { keepAllOutput: true },
    );
    const worker = { process, url: `http://127.0.0.1:${String(port)}` };
    workers.push(worker);
    await process.waitHealthy(worker.url);
    return worker;
  };

  const readiness = async (worker: Worker): Promise<Readiness | null> => {
    try {
      const response = await fetch(`${worker.url}/readyz`, { signal: AbortSignal.timeout(1_000) });
      return (await response.json()) as Readiness;
    } catch {
      return null;
    }
  };
  const roles = async (of: readonly Worker[]) =>
    Promise.all(of.map(async (w) => (await readiness(w))?.role ?? 'gone'));

  const caughtUp = async () => {
    const states = await readCheckpointStates(
      h.pool,
      allProjections.map((p) => p.name),
    );
    return allProjections.every(
      (p) => comparePositions(states.get(p.name)?.visible ?? START_POSITION, head) >= 0,
    );
  };
  const registeredCount = async () => {
    const { rows } = await h.pool.query<{ registered_count: number }>(
      'SELECT registered_count FROM read.opportunities WHERE id = $1',
      [opportunityId],
    );
    return rows[0]?.registered_count ?? null;
  };

  beforeAll(async () => {
    h = await createProjectionHarness('failover');
    reportsDir = await mkdtemp(join(tmpdir(), 'failover-reports-'));
    const host = await userRegistered(h.vault);
    hostId = host.userId;
    const opportunity = opportunityCreated({ hostUserId: hostId, totalSlots: 500 });
    opportunityId = opportunity.opportunityId;
    await append(host, opportunity);
    await moreSignups(10);
    await Promise.all([startWorker(), startWorker()]);
  });
  afterAll(async () => {
    await stopServiceProcesses(workers.map((w) => w.process));
    await rm(reportsDir, { recursive: true, force: true });
    await h.close();
  });

  it('lets one of two workers lead; after a kill -9 of it the other leads within 5 s and projects', async () => {
    await expect
      .poll(async () => (await roles(workers)).sort(), { timeout: 15_000 })
      .toEqual(['leader', 'standby']);
    await expect.poll(caughtUp, { timeout: 15_000 }).toBe(true);
    expect(await registeredCount()).toBe(signups);

    const all = await roles(workers);
    const leader = workers[all.indexOf('leader')] as Worker;
    const standby = workers[all.indexOf('standby')] as Worker;
    expect(await (await fetch(`${leader.url}/metrics`)).text()).toMatch(
      /^projector_leader\{[^}]*\} 1$/m,
    );
    leader.process.child.kill('SIGKILL');
    await leader.process.exited;
    const killedAt = Date.now();
    await expect
      .poll(async () => (await readiness(standby))?.role, { timeout: TAKEOVER_MS, interval: 50 })
      .toBe('leader');
    expect(Date.now() - killedAt).toBeLessThan(TAKEOVER_MS);
    expect(standby.process.output()).toContain('leadership taken');

    await moreSignups(10);
    await expect.poll(caughtUp, { timeout: 15_000 }).toBe(true);
    expect(await registeredCount()).toBe(signups);
  });

  it('on SIGTERM mid-stream the leader commits its batch, exits 0, and a standby takes over', async () => {
    const leader = workers.find((w) => w.process.running()) as Worker;
    const standby = await startWorker();
    await expect.poll(async () => roles([leader, standby])).toEqual(['leader', 'standby']);

    await moreSignups(60);
    // Mid-stream: the leader has started on the new events but not finished them.
    await expect
      .poll(async () => (await registeredCount()) ?? 0, { timeout: 15_000, interval: 20 })
      .toBeGreaterThan(signups - 60);
    expect(await caughtUp()).toBe(false);
    await leader.process.stop();
    const stoppedAt = Date.now();
    expect(leader.process.child.exitCode).toBe(0);
    const output = leader.process.output();
    expect(output).toContain('leadership released');
    // Its batch in flight finished: nothing failed or was cut short on the way out.
    expect(output).not.toMatch(/batch failed|projection run failed|error while stopping/);

    await expect
      .poll(async () => (await readiness(standby))?.role, { timeout: TAKEOVER_MS, interval: 50 })
      .toBe('leader');
    expect(Date.now() - stoppedAt).toBeLessThan(TAKEOVER_MS);
    await expect.poll(caughtUp, { timeout: 20_000 }).toBe(true);
    expect(await registeredCount()).toBe(signups);
    expect(await listDeadLetters(h.pool)).toEqual([]);
  });
});
