import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type Pool } from '@campus/infra';
import { createTestDatabase, type TestDatabase } from '@campus/infra/testing';
import { LEADER_LOCK, startLeadership, type Leadership } from './leadership';

/** A contender that records each of its terms: when it began and when its signal aborted. */
type Contender = {
  readonly name: string;
  readonly leadership: Leadership;
  readonly terms: { signal: AbortSignal; finished: boolean }[];
  /** Whether its current term (if any) is running. */
  readonly leading: () => boolean;
};

const POLL_MS = 100;

/**
 * A TCP proxy to the database server that can freeze: from then on it forwards nothing and closes
 * nothing (a peer that went silent), until a side closes its socket.
 */
const freezableProxy = async (databaseUrl: string) => {
  const target = new URL(databaseUrl);
  let frozen = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (data) => {
        if (!frozen) to.write(data);
      });
      from.on('error', () => undefined);
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    freeze: () => {
      frozen = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};

describe('leadership: one worker projects, a standby takes over when it is gone', () => {
  let db: TestDatabase;
  const contenders: Contender[] = [];
  const logger = createLogger('test', 'silent');

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(contenders.splice(0).map((c) => c.leadership.stop()));
  });
  afterAll(async () => {
    await db.drop();
  });

  /** Each term lasts until its signal aborts, then takes `finishMs` more (a batch in flight). */
  const contend = (name: string, finishMs = 0, databaseUrl = db.url): Contender => {
    const terms: Contender['terms'] = [];
    const leadership = startLeadership({
      databaseUrl,
      pollMs: POLL_MS,
      logger,
      applicationName: `leadership-test:${name}`,
      onLead: async (signal) => {
        const term = { signal, finished: false };
        terms.push(term);
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        await new Promise((resolve) => setTimeout(resolve, finishMs));
        term.finished = true;
      },
    });
    const contender: Contender = {
      name,
      leadership,
      terms,
      leading: () => terms.some((t) => !t.signal.aborted),
    };
    contenders.push(contender);
    return contender;
  };

  const leaders = (all: readonly Contender[]) => all.filter((c) => c.leading());
  const lockHolder = async (pool: Pool) => {
    const { rows } = await pool.query<{ pid: number; application_name: string }>(
      `SELECT l.pid, a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND l.granted AND l.objid = $1 AND l.objsubid = 1
          AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [LEADER_LOCK],
    );
    return rows;
  };

  it('lets exactly one of two contenders lead, and tells each its role', async () => {
    const all = [contend('a'), contend('b')];
    await expect.poll(() => leaders(all).length).toBe(1);
    // Several polls later, still one.
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 5));
    expect(leaders(all)).toHaveLength(1);
    const [leader] = leaders(all);
    expect(leader?.leadership.role()).toBe('leader');
    expect(all.find((c) => c !== leader)?.leadership.role()).toBe('standby');
    const holders = await lockHolder(db.pool);
    expect(holders.map((h) => h.application_name)).toEqual([
      `leadership-test:${String(leader?.name)}`,
    ]);
  });

  it('hands over within 5 s when the leader’s session ends (as when its process is killed), and the old leader stops', async () => {
    const all = [contend('a'), contend('b')];
    await expect.poll(() => leaders(all).length).toBe(1);
    const leader = leaders(all)[0] as Contender;
    const standby = all.find((c) => c !== leader) as Contender;
    const [holder] = await lockHolder(db.pool);
    // What Postgres sees of a kill -9: the session's connection is gone.
    await db.pool.query('SELECT pg_terminate_backend($1)', [holder?.pid]);
    const killedAt = Date.now();
    await expect.poll(() => standby.leading(), { timeout: 5_000, interval: 20 }).toBe(true);
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    // The old leader's term was aborted at once: it stopped projecting, and stands by again.
    expect(leader.terms[0]?.signal.aborted).toBe(true);
    await expect.poll(() => leader.leadership.role()).toBe('standby');
    expect(leaders(all)).toEqual([standby]);
    // It still contends: once the new leader is gone too, it leads again.
    await standby.leadership.stop();
    await expect.poll(() => leader.leading(), { timeout: 5_000 }).toBe(true);
    expect(leader.terms).toHaveLength(2);
  });

  it('on stop, lets the leader finish its work before the lock is released, then hands over at once', async () => {
    const first = contend('a', 500);
    await expect.poll(() => first.leading()).toBe(true);
    const second = contend('b');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
    expect(second.leading()).toBe(false);

    const stopping = first.leadership.stop();
    // The batch in flight (500 ms) is still finishing: the lock is held meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(first.terms[0]?.signal.aborted).toBe(true);
    expect(first.terms[0]?.finished).toBe(false);
    expect(second.leading()).toBe(false);
    expect((await lockHolder(db.pool)).map((h) => h.application_name)).toEqual([
      'leadership-test:a',
    ]);
    await stopping;
    expect(first.terms[0]?.finished).toBe(true);
    expect(first.leadership.role()).toBe('standby');
    await expect.poll(() => second.leading(), { timeout: 5_000, interval: 20 }).toBe(true);
  });

  it('stops leading when its lock connection stops answering (its check times out), and hands over', async () => {
    const proxy = await freezableProxy(db.url);
    try {
      const url = new URL(db.url);
      url.host = `127.0.0.1:${String(proxy.port)}`;
      const frozen = contend('frozen', 0, url.toString());
      await expect.poll(() => frozen.leading()).toBe(true);
      const other = contend('other');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
      expect(other.leading()).toBe(false);
      // No byte gets through any more, and no connection closes: only the check can tell.
      proxy.freeze();
      await expect
        .poll(() => frozen.terms[0]?.signal.aborted, { timeout: 10_000, interval: 50 })
        .toBe(true);
      // Its session is closed on its side, so the server frees the lock and the other leads.
      await expect.poll(() => other.leading(), { timeout: 5_000, interval: 20 }).toBe(true);
      expect(frozen.leadership.role()).toBe('standby');
    } finally {
      await proxy.close();
    }
  });

  it('stands by, never leading, while it cannot reach its database, and stops cleanly', async () => {
    // A database that does not exist: every try fails until the contender is stopped.
    const url = new URL(db.url);
    url.pathname = '/campus_no_such_database';
    const lost = startLeadership({
      databaseUrl: url.toString(),
      pollMs: POLL_MS,
      logger,
      onLead: () => Promise.reject(new Error('must never lead')),
    });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS * 3));
    expect(lost.role()).toBe('standby');
    await lost.stop();
  });
});
