import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type GlobalPosition,
  type RecordedEvent,
} from '@campus/contracts';
import { createPool, type Pool } from '../../db/pool';
import { createTestDatabase, type TestDatabase } from '../../testing/database';
import { describeEventStoreContract } from '../contract-suite';
import { appendQuery, type AppendRow } from './append-statement';
import { createPostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store';
import { measureSubscriberLag } from './subscriber-lag';

describeEventStoreContract('postgres', async () => {
  const db = await createTestDatabase({ poolMax: 8 });
  const pools: Pool[] = [];
  const makeStore = () => {
    const pool = createPool(db.url, { max: 2, applicationName: 'test:es-store' });
    pools.push(pool);
    return Promise.resolve(createPostgresEventStore({ pool, databaseUrl: db.url }));
  };
  return {
    store: createPostgresEventStore({ pool: db.pool, databaseUrl: db.url }),
    makeStore,
    teardown: async () => {
      await Promise.all(pools.map((pool) => pool.end()));
      await db.drop();
    },
  };
});

const LISTENER_APP = 'campus:es-listener';
const DEADLINE_MS = 10_000;

const anEvent = (data: Record<string, unknown> = {}): EventToAppend => ({
  eventId: randomUUID(),
  type: 'PostgresTestRan',
  data,
  metadata: {
    actorUserId: null,
    correlationId: randomUUID(),
    causationId: null,
    commandName: 'RunPostgresTest',
    occurredAt: '2025-09-01T08:30:00.000Z',
  },
});

const streamId = (label: string) => `pg-${label}-${randomUUID()}`;

const eventually = async <T>(what: string, probe: () => Promise<T | undefined>): Promise<T> => {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const answer = await probe();
    if (answer !== undefined) return answer;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** Appends with the store's own statement on a connection the test controls (a transaction). */
const appendRaw = async (client: pg.ClientBase, stream: string, events: EventToAppend[]) => {
  const { rows } = await client.query<AppendRow>(appendQuery(stream, events, 'no_stream'));
  expect(rows).toHaveLength(1);
  return { txn: BigInt(rows[0]!.txn), seq: BigInt(rows[0]!.seq) };
};

/** A pool that counts the queries it runs by name, and can be told to lose the next answer. */
const instrumentedPool = (pool: Pool) => {
  const counts = new Map<string, number>();
  let loseNextAnswerOf: string | null = null;
  const query = async (config: pg.QueryConfig) => {
    const name = config.name ?? config.text;
    counts.set(name, (counts.get(name) ?? 0) + 1);
    const result = await pool.query(config);
    if (loseNextAnswerOf !== null && name.startsWith(loseNextAnswerOf)) {
      loseNextAnswerOf = null;
      throw new Error('Connection terminated unexpectedly');
    }
    return result;
  };
  const proxy = new Proxy(pool, {
    get: (target, property) =>
      property === 'query' ? query : (Reflect.get(target, property, target) as unknown),
  });
  return {
    pool: proxy,
    count: (name: string) => counts.get(name) ?? 0,
    loseNextAnswerOf: (name: string) => {
      loseNextAnswerOf = name;
    },
  };
};

describe('postgres event store', () => {
  let db: TestDatabase;
  const stores: EventStore[] = [];
  const storeWith = (options: Partial<PostgresEventStoreOptions> = {}) => {
    const store = createPostgresEventStore({ pool: db.pool, databaseUrl: db.url, ...options });
    stores.push(store);
    return store;
  };
  const listenerPids = async () => {
    const { rows } = await db.pool.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database()
         AND application_name = $1 AND query LIKE 'LISTEN%'`,
      [LISTENER_APP],
    );
    return rows.map((r) => r.pid);
  };
  const settledMark = async (store: EventStore) => {
    const { position } = await store.append(streamId('mark'), [anEvent()]);
    await eventually('the mark to settle', async () =>
      comparePositions(await store.headPosition(), position) >= 0 ? true : undefined,
    );
    return position;
  };
  const follow = (store: EventStore, from: GlobalPosition) => {
    const controller = new AbortController();
    const events: RecordedEvent[] = [];
    const done = (async () => {
      for await (const event of store.subscribeAll({ from, signal: controller.signal })) {
        events.push(event);
      }
    })();
    const stop = async () => {
      controller.abort();
      await done;
    };
    return { events, stop, done };
  };

  beforeAll(async () => {
    db = await createTestDatabase({ poolMax: 6 });
  });

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await db.drop();
  });

  it.each([
    ['a lower position', true],
    ['a higher position', false],
  ])(
    'holds back a younger commit until an older transaction with %s commits, then delivers both in order',
    async (_, olderTakesPositionFirst) => {
      const probe = instrumentedPool(db.pool);
      const store = storeWith({ pool: probe.pool });
      const from = await settledMark(store);
      const live = follow(store, from);
      const older = new pg.Client({ connectionString: db.url });
      await older.connect();
      try {
        const [olderStream, youngerStream] = [streamId('older'), streamId('younger')];
        const [olderEvent, youngerEvent] = [anEvent(), anEvent()];
        await older.query('BEGIN');
        await older.query('SELECT pg_current_xact_id()');
        let olderPosition: GlobalPosition | null = null;
        if (olderTakesPositionFirst)
          olderPosition = await appendRaw(older, olderStream, [olderEvent]);
        const younger = await store.append(youngerStream, [youngerEvent]);
        olderPosition ??= await appendRaw(older, olderStream, [olderEvent]);
        expect(comparePositions(olderPosition, younger.position)).toBe(-1);
        expect(olderPosition.seq < younger.position.seq).toBe(olderTakesPositionFirst);

        // The younger event is committed and the subscriber keeps reading, but must not deliver it.
        const readsBefore = probe.count('es-read-live');
        await eventually('three more subscriber reads', () =>
          Promise.resolve(probe.count('es-read-live') >= readsBefore + 3 ? true : undefined),
        );
        expect(live.events).toEqual([]);
        expect(await store.readAll({ from })).toEqual([]);
        expect(await store.headPosition()).toEqual(from);
        const heldBack = await measureSubscriberLag(db.pool, from);
        expect(heldBack.eventsBehind).toBe(0);
        expect(heldBack.unsettledEvents).toBeGreaterThan(0);

        await older.query('COMMIT');

        await eventually('both events', () =>
          Promise.resolve(live.events.length >= 2 ? true : undefined),
        );
        expect(live.events.map((e) => [e.eventId, e.position])).toEqual([
          [olderEvent.eventId, olderPosition],
          [youngerEvent.eventId, younger.position],
        ]);
        expect((await store.readAll({ from })).map((e) => e.eventId)).toEqual([
          olderEvent.eventId,
          youngerEvent.eventId,
        ]);
        const lag = await measureSubscriberLag(db.pool, from);
        expect(lag.eventsBehind).toBe(2);
        expect(lag.secondsBehind).toBeGreaterThanOrEqual(0);
        expect((await measureSubscriberLag(db.pool, younger.position)).eventsBehind).toBe(0);
      } finally {
        await older.query('ROLLBACK').catch(() => undefined);
        await older.end();
        await live.stop();
      }
    },
  );

  it.each<[string, ExpectedRevision]>([
    ['an exact revision', 0n],
    ['any revision', 'any'],
  ])(
    'retries an append whose answer was lost, with %s, without writing twice',
    async (_, expectedRevision) => {
      const probe = instrumentedPool(db.pool);
      const store = storeWith({ pool: probe.pool });
      const stream = streamId('lost');
      await store.append(stream, [anEvent()], { expectedRevision: 'no_stream' });
      const events = [anEvent({ step: 1 }), anEvent({ step: 2 })];

      probe.loseNextAnswerOf('es-append');
      await expect(store.append(stream, events, { expectedRevision })).rejects.toThrow(
        'Connection terminated unexpectedly',
      );
      const retried = await store.append(stream, events, { expectedRevision });

      const stored = await store.readStream(stream);
      expect(stored.map((e) => e.eventId)).toEqual([
        stored[0]!.eventId,
        ...events.map((e) => e.eventId),
      ]);
      expect(retried).toEqual({ nextRevision: 2n, position: stored[2]!.position });
    },
  );

  it('lets one of two racing appends of the same events write and both succeed', async () => {
    const store = storeWith();
    const stream = streamId('twins');
    const events = [anEvent({ twin: true }), anEvent({ twin: true })];

    const [a, b] = await Promise.all([
      store.append(stream, events, { expectedRevision: 'any' }),
      store.append(stream, events, { expectedRevision: 'any' }),
    ]);

    expect(a).toEqual(b);
    expect((await store.readStream(stream)).map((e) => e.eventId)).toEqual(
      events.map((e) => e.eventId),
    );
  });

  it('follows live through LISTEN again after the connection is lost', async () => {
    const store = storeWith({ pollIntervalMs: 60_000 });
    const from = await settledMark(store);
    const live = follow(store, from);
    try {
      const [lost] = await eventually('the LISTEN connection', async () => {
        const pids = await listenerPids();
        return pids.length === 1 ? pids : undefined;
      });
      await db.pool.query('SELECT pg_terminate_backend($1)', [lost]);
      await eventually('a new LISTEN connection', async () => {
        const pids = await listenerPids();
        return pids.length === 1 && pids[0] !== lost ? true : undefined;
      });
      const event = anEvent();

      await store.append(streamId('after-reconnect'), [event]);

      // With a minute between polls, only a notification can bring it this soon.
      await eventually('the event', () =>
        Promise.resolve(live.events.some((e) => e.eventId === event.eventId) ? true : undefined),
      );
    } finally {
      await live.stop();
    }
  });

  it('ends promptly on abort despite a long poll interval and releases its LISTEN connection', async () => {
    const store = storeWith({ pollIntervalMs: 60_000 });
    const live = follow(store, await settledMark(store));
    await eventually('the LISTEN connection', async () =>
      (await listenerPids()).length === 1 ? true : undefined,
    );

    const abortedAt = Date.now();
    await live.stop();

    expect(Date.now() - abortedAt).toBeLessThan(500);
    await eventually('the LISTEN connection to close', async () =>
      (await listenerPids()).length === 0 ? true : undefined,
    );
  });

  it('ends its subscriptions when the store is closed', async () => {
    const store = storeWith({ pollIntervalMs: 60_000 });
    const live = follow(store, await settledMark(store));
    await eventually('the LISTEN connection', async () =>
      (await listenerPids()).length === 1 ? true : undefined,
    );

    await store.close();
    await live.done;

    expect((await listenerPids()).length).toBe(0);
    await expect(store.append(streamId('closed'), [anEvent()])).rejects.toThrow('closed');
  });

  it('without notify, appends send no notification and subscribers poll', async () => {
    const quiet = storeWith({ notify: false, pollIntervalMs: 50 });
    const loud = storeWith();
    const from = await settledMark(quiet);
    const listening = new pg.Client({ connectionString: db.url });
    await listening.connect();
    const notifications: string[] = [];
    listening.on('notification', (n) => notifications.push(n.channel));
    await listening.query('LISTEN es_events');
    try {
      const live = follow(quiet, from);
      const event = anEvent();
      await quiet.append(streamId('quiet'), [event]);
      await eventually('the polled event', () =>
        Promise.resolve(live.events.some((e) => e.eventId === event.eventId) ? true : undefined),
      );
      expect(await listenerPids()).toEqual([]);
      // Closing waits for anything the quiet store sends, so it would arrive before the loud one.
      await quiet.close();
      await live.done;

      await loud.append(streamId('loud'), [anEvent()]);

      await eventually('the loud notification', () =>
        Promise.resolve(notifications.length > 0 ? true : undefined),
      );
      expect(notifications).toEqual(['es_events']);
    } finally {
      await listening.end();
    }
  });

  describe('exact-revision appends waiting together', () => {
    /** `count` new streams of one event each (revision 0). */
    const newStreams = async (store: EventStore, count: number) => {
      const ids = Array.from({ length: count }, () => streamId('group'));
      for (const id of ids) await store.append(id, [anEvent()], { expectedRevision: 'no_stream' });
      return ids;
    };

    it('go in fewer statements than appends, each stream at its own next revision', async () => {
      const counted = instrumentedPool(db.pool);
      const store = storeWith({ pool: counted.pool });
      const ids = await newStreams(store, 60);
      const before = counted.count('es-append-exact') + counted.count('es-append-exact-batch');
      const results = await Promise.all(
        ids.map((id, i) =>
          store.append(
            id,
            i % 2 ? [anEvent({ i })] : [anEvent({ i }), anEvent({ i, second: true })],
            {
              expectedRevision: 0n,
            },
          ),
        ),
      );
      expect(results.map((r) => r.nextRevision)).toEqual(ids.map((_, i) => (i % 2 ? 1n : 2n)));
      const alone =
        counted.count('es-append-exact') + counted.count('es-append-exact-batch') - before;
      const grouped = counted.count('es-append-group');
      expect(grouped).toBeGreaterThan(0);
      expect(alone + grouped).toBeLessThan(ids.length);
      for (const [i, id] of ids.entries()) {
        const stored = await store.readStream(id);
        expect(stored.map((e) => e.revision)).toEqual(i % 2 ? [0n, 1n] : [0n, 1n, 2n]);
        expect(stored.slice(1).map((e) => e.data['i'])).toEqual(i % 2 ? [i] : [i, i]);
        const last = stored.at(-1);
        expect(last?.position).toEqual(results[i]?.position);
      }
    });

    it('go in one statement when made together, however few', async () => {
      const counted = instrumentedPool(db.pool);
      const store = storeWith({ pool: counted.pool });
      const ids = await newStreams(store, 3);
      const results = await Promise.all(
        ids.map((id) => store.append(id, [anEvent()], { expectedRevision: 0n })),
      );
      expect(results.map((r) => r.nextRevision)).toEqual([1n, 1n, 1n]);
      expect(counted.count('es-append-group')).toBe(1);
      expect(counted.count('es-append-exact')).toBe(0);
      // One alone in its turn goes alone, at once.
      await store.append(ids[0] ?? '', [anEvent()], { expectedRevision: 1n });
      expect(counted.count('es-append-exact')).toBe(1);
    });

    it('refuse only the members whose revision is wrong, and an id taken only to its own append', async () => {
      const store = storeWith();
      const ids = await newStreams(store, 40);
      const taken = (await store.readStream(ids[0] ?? ''))[0]?.eventId ?? '';
      const outcomes = await Promise.allSettled(
        ids.map((id, i) =>
          store.append(id, [i === 1 ? { ...anEvent(), eventId: taken } : anEvent({ i })], {
            expectedRevision: i % 5 === 3 ? 7n : 0n,
          }),
        ),
      );
      for (const [i, outcome] of outcomes.entries()) {
        if (i === 1)
          expect(outcome).toMatchObject({
            status: 'rejected',
            reason: { name: 'DuplicateEventIdError' },
          });
        else if (i % 5 === 3)
          expect(outcome).toMatchObject({
            status: 'rejected',
            reason: { name: 'WrongExpectedRevisionError' },
          });
        else expect(outcome).toMatchObject({ status: 'fulfilled', value: { nextRevision: 1n } });
        const stored = await store.readStream(ids[i] ?? '');
        expect(stored).toHaveLength(i === 1 || i % 5 === 3 ? 1 : 2);
      }
    });

    it('let one of several racing appends to one stream win, in order', async () => {
      const store = storeWith();
      const [id = ''] = await newStreams(store, 1);
      const others = await newStreams(store, 20);
      const outcomes = await Promise.allSettled([
        ...others.map((other) => store.append(other, [anEvent()], { expectedRevision: 0n })),
        ...Array.from({ length: 5 }, (_, k) =>
          store.append(id, [anEvent({ k })], { expectedRevision: 0n }),
        ),
      ]);
      const racing = outcomes.slice(others.length);
      expect(racing.map((o) => o.status)).toEqual([
        'fulfilled',
        'rejected',
        'rejected',
        'rejected',
        'rejected',
      ]);
      expect((await store.readStream(id)).map((e) => e.data['k'])).toEqual([undefined, 0]);
    });
  });
});
