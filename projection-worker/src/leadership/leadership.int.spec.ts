import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, type Pool } from '@campus/infra';
import { capturedLogger, createTestDatabase, type TestDatabase } from '@campus/infra/testing';
import { LEADER_LOCK, startLeadership, type Leadership, type LeaderRole } from './leadership';

/** A contender that records each of its terms (when it began, when its signal aborted) and role. */
type Contender = {
  readonly name: string;
  /** Its lock session's application_name, which no other contender of this file uses. */
  readonly applicationName: string;
  readonly leadership: Leadership;
  readonly terms: { signal: AbortSignal; finished: boolean }[];
  /** Every role it reported, in order. */
  readonly roles: LeaderRole[];
  /** Whether its current term (if any) is running. */
  readonly leading: () => boolean;
};

type ContendOptions = { readonly batch?: Promise<void>; readonly databaseUrl?: string };

const POLL_MS = 100;

/**
 * A TCP proxy to the database server that counts the connections made through it and can freeze:
 * from then on it forwards nothing and closes nothing (a peer that went silent), until a side
 * closes its socket.
 */
const tcpProxy = async (databaseUrl: string) => {
  const target = new URL(databaseUrl);
  let frozen = false;
  let accepted = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    accepted += 1;
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
    /** How many connections were made through it so far. */
    connections: () => accepted,
    /** How many sockets (either side) are still open. */
    openSockets: () => sockets.size,
    freeze: () => {
      frozen = true;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
};

/** The URL of the same database through `proxy`, or of `database` on the same server. */
const databaseUrlVia = (url: string, to: { port?: number; database?: string }) => {
  const changed = new URL(url);
  if (to.port !== undefined) changed.host = `127.0.0.1:${String(to.port)}`;
  if (to.database !== undefined) changed.pathname = `/${to.database}`;
  return changed.toString();
};

describe('leadership: one worker projects, a standby takes over when it is gone', () => {
  let db: TestDatabase;
  const contenders: Contender[] = [];
  /** Lets every batch held back by a test finish, so that a failed test's contenders can stop. */
  const heldBatches: (() => void)[] = [];
  const logger = createLogger('test', 'silent');
  /** How many contenders were started, for their application names. */
  let started = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterEach(async () => {
    for (const finish of heldBatches.splice(0)) finish();
    await Promise.all(contenders.splice(0).map((c) => c.leadership.stop()));
  });
  afterAll(async () => {
    await db.drop();
  });

  /** A batch that is in flight until the test calls `finish`. */
  const batchInFlight = () => {
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    heldBatches.push(finish);
    return { finished, finish };
  };

  /**
   * Each term lasts until its signal aborts, then until `batch` settles (a batch in flight that
   * finishes after the abort); by default it ends at once.
   */
  const contend = (
    name: string,
    { batch = Promise.resolve(), databaseUrl = db.url }: ContendOptions = {},
  ): Contender => {
    const terms: Contender['terms'] = [];
    const roles: LeaderRole[] = [];
    started += 1;
    const applicationName = `leadership-test:${name}:${String(started)}`;
    const leadership = startLeadership({
      databaseUrl,
      pollMs: POLL_MS,
      logger,
      applicationName,
      onRole: (role) => roles.push(role),
      onLead: async (signal) => {
        const term = { signal, finished: false };
        terms.push(term);
        await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        await batch;
        term.finished = true;
      },
    });
    const contender: Contender = {
      name,
      applicationName,
      leadership,
      terms,
      roles,
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

  /** When `contender` last started trying to take the lock, as the server saw it (if it ever did). */
  const lastTry = async (contender: Contender) => {
    const { rows } = await db.pool.query<{ started: string }>(
      `SELECT query_start::text AS started FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $1
          AND query LIKE 'SELECT pg_try_advisory_lock%'`,
      [contender.applicationName],
    );
    return rows[0]?.started ?? null;
  };
  /**
   * Waits until the server has seen `contender` start `times` more tries for the lock from now
   * on: the answer to every try but the last has then reached it, so a refusal is one it acted on.
   */
  const untilItTriesAgain = async (contender: Contender, times: number) => {
    const before = await lastTry(contender);
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const started = await lastTry(contender);
          if (started !== null && started !== before) seen.add(started);
          return seen.size;
        },
        { timeout: 10_000, interval: 10 },
      )
      .toBeGreaterThanOrEqual(times);
  };

  it('lets exactly one of two contenders lead, and tells each its role', async () => {
    const all = [contend('a'), contend('b')];
    await expect.poll(() => leaders(all).length).toBe(1);
    const leader = leaders(all)[0] as Contender;
    const standby = all.find((c) => c !== leader) as Contender;
    // Several of the standby's tries later, each refused: still one, and the same one.
    await untilItTriesAgain(standby, 3);
    expect(leaders(all)).toEqual([leader]);
    expect(leader.leadership.role()).toBe('leader');
    expect(leader.roles).toEqual(['leader']);
    expect(standby.leadership.role()).toBe('standby');
    expect(standby.roles).toEqual([]);
    const holders = await lockHolder(db.pool);
    expect(holders.map((h) => h.application_name)).toEqual([leader.applicationName]);
  });

  it('hands over within 5 s when the leader’s session ends (as when its process is killed), and the old leader stops', async () => {
    const all = [contend('a'), contend('b')];
    await expect.poll(() => leaders(all).length).toBe(1);
    const leader = leaders(all)[0] as Contender;
    const standby = all.find((c) => c !== leader) as Contender;
    const [holder] = await lockHolder(db.pool);
    // What Postgres sees of a kill -9: the session's connection is gone.
    await db.pool.query('SELECT pg_terminate_backend($1)', [holder?.pid]);
    // The poll's timeout is the requirement: the standby leads within 5 s.
    await expect.poll(() => standby.leading(), { timeout: 5_000, interval: 20 }).toBe(true);
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
    const batch = batchInFlight();
    const first = contend('a', { batch: batch.finished });
    await expect.poll(() => first.leading()).toBe(true);
    const second = contend('b');
    await untilItTriesAgain(second, 2);
    expect(second.leading()).toBe(false);

    const stopping = first.leadership.stop();
    expect(first.terms[0]?.signal.aborted).toBe(true);
    // The batch in flight is still finishing: the lock is held meanwhile, however long it takes,
    // and the second is refused on each of its tries.
    await untilItTriesAgain(second, 3);
    expect(first.terms[0]?.finished).toBe(false);
    expect(second.roles).toEqual([]);
    expect((await lockHolder(db.pool)).map((h) => h.application_name)).toEqual([
      first.applicationName,
    ]);
    batch.finish();
    await stopping;
    expect(first.terms[0]?.finished).toBe(true);
    expect(first.leadership.role()).toBe('standby');
    expect(first.roles).toEqual(['leader', 'standby']);
    await expect.poll(() => second.leading(), { timeout: 5_000, interval: 20 }).toBe(true);
  });

  it('stops leading when its lock connection stops answering (its check times out), and hands over', async () => {
    const proxy = await tcpProxy(db.url);
    try {
      const frozen = contend('frozen', {
        databaseUrl: databaseUrlVia(db.url, { port: proxy.port }),
      });
      await expect.poll(() => frozen.leading()).toBe(true);
      const other = contend('other');
      await untilItTriesAgain(other, 2);
      expect(other.roles).toEqual([]);
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

  it('stands by, never leading, while it cannot reach its database, keeps trying, and stops cleanly', async () => {
    // Through a proxy that counts the tries, to a database that does not exist: each try fails.
    const proxy = await tcpProxy(db.url);
    const { lines, logger: captured } = capturedLogger();
    const roles: LeaderRole[] = [];
    let terms = 0;
    const lost = startLeadership({
      databaseUrl: databaseUrlVia(db.url, { port: proxy.port, database: 'campus_no_such_db' }),
      pollMs: POLL_MS,
      logger: captured,
      onRole: (role) => roles.push(role),
      onLead: () => {
        terms += 1;
        return Promise.resolve();
      },
    });
    try {
      // A new connection per try, one poll apart: several polls long it keeps trying.
      await expect
        .poll(() => proxy.connections(), { timeout: 10_000, interval: 20 })
        .toBeGreaterThanOrEqual(5);
      expect(lost.role()).toBe('standby');
      expect(roles).toEqual([]);
      expect(terms).toBe(0);
      // The outage is told once, not once per try; it never took the lead.
      const told = lines.filter((l) => l.includes('lock connection failed; trying again'));
      expect(told).toHaveLength(1);
      expect(lines.filter((l) => l.includes('leadership taken'))).toEqual([]);
    } finally {
      await lost.stop();
      try {
        // Nothing of it is left open.
        await expect.poll(() => proxy.openSockets()).toBe(0);
      } finally {
        await proxy.close();
      }
    }
  });
});
