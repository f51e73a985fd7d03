import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer } from '@campus/infra';
import { expectDeadLetters } from '@campus/infra/testing';
import { allProjections } from '../projections';
import { userRegistered } from '../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../testing/harness';
import { createWorkerMetrics, type WorkerMetrics } from './worker-metrics';

describe('projection worker /metrics: lag per projection, dead letters, batches', () => {
  let h: ProjectionHarness;
  let metrics: WorkerMetrics;
  let server: Server;
  const scrape = async () => {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${String(port)}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    return response.text();
  };
  const value = (text: string, metric: string, projection?: string) => {
    const label = projection
      ? `\\{projection="${projection}",service="projection-worker"\\}`
      : '\\{[^}]*\\}';
    const match = new RegExp(`^${metric}${label} (\\S+)$`, 'm').exec(text);
    return match ? Number(match[1]) : null;
  };

  beforeAll(async () => {
    h = await createProjectionHarness('metrics');
    metrics = createWorkerMetrics({
      pool: h.pool,
      projections: allProjections.map((p) => p.name),
      logger: h.logger,
    });
    server = await metrics.listen(0);
  });
  afterAll(async () => {
    await closeServer(server);
    await h.close();
  });

  it('reports lag in events and seconds until the projector catches up', async () => {
    await h.append(...(await Promise.all([1, 2, 3].map(() => userRegistered(h.vault)))));
    // The events count once settled: a transaction of another test on the same server (its xid
    // older than theirs) holds them back for a moment.
    await expect
      .poll(async () => value(await scrape(), 'projection_lag_events', 'users'), {
        timeout: 15_000,
      })
      .toBe(3);
    const behind = await scrape();
    expect(value(behind, 'projection_lag_seconds', 'points')).toBeGreaterThanOrEqual(0);
    expect(value(behind, 'projection_batches_total')).toBe(0);

    // The harness projector with the worker's batch counter.
    const { runProjections } = await import('../projector/run-projections');
    const controller = new AbortController();
    const head = await h.store.headPosition();
    await runProjections({
      store: h.store,
      pool: h.pool,
      vault: h.vault,
      logger: h.logger,
      projections: allProjections,
      redis: h.redis,
      keyPrefix: h.prefix,
      signal: controller.signal,
      onBatch: (batch) => {
        metrics.onBatch(batch);
        if (batch.last.txn === head.txn && batch.last.seq === head.seq) controller.abort();
      },
    });
    // One status read serves the scrapes of a second: wait for a fresh one.
    await expect.poll(async () => value(await scrape(), 'projection_lag_events', 'users')).toBe(0);
    const caughtUp = await scrape();
    for (const p of allProjections) {
      expect(value(caughtUp, 'projection_lag_events', p.name)).toBe(0);
      expect(value(caughtUp, 'projection_lag_seconds', p.name)).toBe(0);
    }
    expect(value(caughtUp, 'projection_batches_total')).toBeGreaterThanOrEqual(1);
    expect(value(caughtUp, 'projection_events_total')).toBe(3);
    expect(value(caughtUp, 'projection_dead_letters', 'points')).toBe(0);
    expect(value(caughtUp, 'projection_batches_per_second')).toBeGreaterThan(0);
    expect(caughtUp).toMatch(/^process_cpu_user_seconds_total/m);
  });

  it('counts each projection’s dead letters', async () => {
    await expectDeadLetters(h.pool, 'a dead letter inserted for the metrics to count', {
      projection: 'points',
      eventType: 'AttendanceMarked',
    });
    await h.pool.query(
      `INSERT INTO read.dead_letters (projection, event_id, stream_id, txn, seq, event_type, error,
          attempts)
       VALUES ('points', gen_random_uuid(), 'opportunity-x', 1, 1, 'AttendanceMarked', 'boom', 3)`,
    );
    await expect
      .poll(async () => value(await scrape(), 'projection_dead_letters', 'points'))
      .toBe(1);
    expect(value(await scrape(), 'projection_dead_letters', 'users')).toBe(0);
  });

  it('tells on /readyz and projector_leader whether this worker leads, and 503 once it drains', async () => {
    const { port } = server.address() as AddressInfo;
    const readyz = async () => {
      const response = await fetch(`http://127.0.0.1:${String(port)}/readyz`);
      return { status: response.status, body: await response.json() };
    };
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', role: 'standby' } });
    expect(value(await scrape(), 'projector_leader')).toBe(0);
    metrics.setLeader(true);
    expect(await readyz()).toEqual({ status: 200, body: { status: 'ready', role: 'leader' } });
    expect(value(await scrape(), 'projector_leader')).toBe(1);
    metrics.setLeader(false);
    expect(value(await scrape(), 'projector_leader')).toBe(0);
    metrics.startDraining();
    expect(await readyz()).toEqual({ status: 503, body: { status: 'draining' } });
    // Still alive meanwhile: only readiness changes.
    expect((await fetch(`http://127.0.0.1:${String(port)}/healthz`)).status).toBe(200);
  });

  it('listens on the loopback interface only, unless given another host', async () => {
    expect((server.address() as AddressInfo).address).toBe('127.0.0.1');
    const { port } = server.address() as AddressInfo;
    // This machine's other addresses (if it has any) do not reach the metrics.
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((n) => n && n.family === 'IPv4' && !n.internal)?.address;
    if (outside) {
      await expect(fetch(`http://${outside}:${String(port)}/healthz`)).rejects.toThrow();
    }
    const everywhere = await metrics.listen(0, '0.0.0.0');
    try {
      expect((everywhere.address() as AddressInfo).address).toBe('0.0.0.0');
    } finally {
      await closeServer(everywhere);
    }
  });
});
