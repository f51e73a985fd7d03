import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamRecordedEvent,
} from '@eventstore/db-client';
import {
  DuplicateEventIdError,
  START_POSITION,
  WrongExpectedRevisionError,
  type EventStore,
  type EventToAppend,
  type RecordedEvent,
} from '@campus/contracts';
import {
  createEventStoreDbEventStore,
  createEventStoreDbEventStoreFromClient,
} from './eventstoredb-event-store';
import { FakeEventStoreDbClient } from './fake-eventstoredb-client';
import {
  canonicalJson,
  contentHash,
  isRealPosition,
  mapAppendError,
  reservationEventId,
  toEsdbEventData,
  toEsdbExpectedRevision,
  toEsdbPosition,
  toGlobalPosition,
  toRecordedEvent,
  validateEventStoreDbConnectionString,
  visibleStreamsRegex,
} from './mapping';

const event = (
  type = 'UserRegistered',
  data: Record<string, unknown> = { n: 1 },
): EventToAppend => ({
  eventId: randomUUID(),
  type,
  data,
  metadata: {
    actorUserId: null,
    correlationId: randomUUID(),
    causationId: null,
    commandName: 'RegisterUser',
    occurredAt: '2026-01-01T12:00:00.000Z',
  },
});

describe('EventStoreDB mapping (pure)', () => {
  it('maps expected revisions to the client constants', () => {
    expect(toEsdbExpectedRevision('no_stream')).toBe('no_stream');
    expect(toEsdbExpectedRevision('stream_exists')).toBe('stream_exists');
    expect(toEsdbExpectedRevision('any')).toBe('any');
    expect(toEsdbExpectedRevision(0n)).toBe(0n);
    expect(toEsdbExpectedRevision(41n)).toBe(41n);
    expect(() => toEsdbExpectedRevision(-1n)).toThrow(RangeError);
  });

  it('converts positions: txn = commit, seq = prepare, both ways', () => {
    expect(toGlobalPosition({ commit: 900n, prepare: 850n })).toEqual({ txn: 900n, seq: 850n });
    expect(toEsdbPosition({ txn: 900n, seq: 850n })).toEqual({ commit: 900n, prepare: 850n });
    const max = (1n << 63n) - 1n;
    expect(toEsdbPosition({ txn: max, seq: max })).toEqual({ commit: max, prepare: max });
    expect(() => toEsdbPosition({ txn: -1n, seq: 0n })).toThrow(RangeError);
    expect(() => toEsdbPosition({ txn: max + 1n, seq: 0n })).toThrow(RangeError);
  });

  it('tells real log positions from the "no position" markers of stream reads', () => {
    expect(isRealPosition({ commit: 1234n, prepare: 1234n })).toBe(true);
    expect(isRealPosition(undefined)).toBe(false);
    expect(isRealPosition({ commit: 0n, prepare: 0n })).toBe(false);
    expect(isRealPosition({ commit: (1n << 64n) - 1n, prepare: (1n << 64n) - 1n })).toBe(false);
  });

  it("maps WrongExpectedVersionError to WrongExpectedRevisionError with the caller's stream id", () => {
    const noStream = mapAppendError(
      new WrongExpectedVersionError(undefined, {
        streamName: 'test-1-user-7',
        expected: 'stream_exists',
        current: 'no_stream',
      }),
      'user-7',
      'stream_exists',
    );
    expect(noStream).toBeInstanceOf(WrongExpectedRevisionError);
    expect(noStream).toMatchObject({
      streamId: 'user-7',
      expected: 'stream_exists',
      actual: 'no_stream',
    });

    const behind = mapAppendError(
      new WrongExpectedVersionError(undefined, {
        streamName: 'user-7',
        expected: 2n,
        current: 5n,
      }),
      'user-7',
      2n,
    );
    expect(behind).toMatchObject({ streamId: 'user-7', expected: 2n, actual: 5n });
    expect((behind as Error).message).toBe('Stream user-7: expected revision 2, actual 5');

    const exists = mapAppendError(
      new WrongExpectedVersionError(undefined, {
        streamName: 'user-7',
        expected: 'no_stream',
        current: 0n,
      }),
      'user-7',
      'no_stream',
    );
    expect(exists).toMatchObject({ expected: 'no_stream', actual: 0n });

    const other = new StreamNotFoundError(undefined, 'user-7');
    expect(mapAppendError(other, 'user-7', 'any')).toBe(other);
  });

  it('accepts only esdb:// and esdb+discover:// connection strings, without echoing them', () => {
    expect(validateEventStoreDbConnectionString(' esdb://localhost:2113?tls=false ')).toBe(
      'esdb://localhost:2113?tls=false',
    );
    expect(validateEventStoreDbConnectionString('esdb+discover://cluster.example:2113')).toBe(
      'esdb+discover://cluster.example:2113',
    );
    expect(() =>
      validateEventStoreDbConnectionString('http://admin:s3cret@localhost:2113'),
    ).toThrow(/must start with esdb:\/\/ or esdb\+discover:\/\/.*got "http:\/\/"/);
    expect(() =>
      validateEventStoreDbConnectionString('http://admin:s3cret@localhost:2113'),
    ).not.toThrow(/s3cret/);
    expect(() => validateEventStoreDbConnectionString('kurrentdb://localhost:2113')).toThrow(
      /"kurrentdb:\/\/"/,
    );
    expect(() => validateEventStoreDbConnectionString('ESDB://localhost:2113')).toThrow(
      /"ESDB:\/\/"/,
    );
    expect(() => validateEventStoreDbConnectionString('')).toThrow(/empty string/);
    expect(() => validateEventStoreDbConnectionString('localhost:2113')).toThrow(/esdb:\/\//);
  });

  it('createEventStoreDbEventStore validates before building a client (no connection made)', async () => {
    expect(() =>
      createEventStoreDbEventStore({ connectionString: 'postgres://localhost:5432/x' }),
    ).toThrow(/esdb:\/\//);
    expect(() =>
      createEventStoreDbEventStore({ connectionString: 'esdb://localhost:abc' }),
    ).toThrow(/Invalid EventStoreDB connection string/);
    expect(() =>
      createEventStoreDbEventStore({
        connectionString: 'esdb://localhost:2113?tls=false',
        streamPrefix: '$bad-',
      }),
    ).toThrow(/streamPrefix/);
    // The client connects lazily: creating and closing a store needs no server.
    const store = createEventStoreDbEventStore({
      connectionString: 'esdb://localhost:1?tls=false',
    });
    await store.close();
    await expect(store.readStream('user-1')).rejects.toThrow(/closed/);
  });

  it('builds JSON event data with the metadata object, and rejects what the store cannot hold', () => {
    const e = event();
    expect(toEsdbEventData(e)).toEqual({
      id: e.eventId,
      contentType: 'application/json',
      type: e.type,
      data: e.data,
      metadata: e.metadata,
    });
    expect(() => toEsdbEventData({ ...e, eventId: 'not-a-uuid' })).toThrow(/UUID/);
    expect(() => toEsdbEventData({ ...e, type: '$metadata' })).toThrow(/'\$'/);
  });

  it('maps a recorded event (recordedAt from created, position from the given one)', () => {
    const e = event();
    const stored = {
      streamId: 'ns-user-1',
      id: e.eventId,
      isJson: true,
      revision: 3n,
      type: e.type,
      created: new Date('2026-02-03T04:05:06.789Z'),
      data: { n: 1 },
      metadata: { ...e.metadata },
      position: { commit: 10n, prepare: 9n },
    } as AllStreamRecordedEvent;
    expect(toRecordedEvent(stored, 'user-1', stored.position)).toEqual({
      eventId: e.eventId,
      streamId: 'user-1',
      revision: 3n,
      position: { txn: 10n, seq: 9n },
      type: e.type,
      data: { n: 1 },
      metadata: e.metadata,
      recordedAt: '2026-02-03T04:05:06.789Z',
    });
    expect(() =>
      toRecordedEvent(
        { ...stored, isJson: false } as AllStreamRecordedEvent,
        'user-1',
        stored.position,
      ),
    ).toThrow(/not a JSON object event/);
  });
  it('fingerprints content independently of key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null }, u: undefined })).toBe(
      '{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}',
    );
    const e = event('A', { x: 1, y: 2 });
    expect(contentHash({ ...e, data: { y: 2, x: 1 } })).toBe(contentHash(e));
    expect(contentHash({ ...e, data: { x: 1, y: 3 } })).not.toBe(contentHash(e));
    expect(contentHash({ ...e, type: 'B' })).not.toBe(contentHash(e));
    expect(contentHash({ ...e, metadata: { ...e.metadata, commandName: 'X' } })).not.toBe(
      contentHash(e),
    );
  });

  it('derives a stable reservation event id (a UUID, not the event id itself)', () => {
    const id = randomUUID();
    expect(reservationEventId(id)).toBe(reservationEventId(id.toUpperCase()));
    expect(reservationEventId(id)).not.toBe(id);
    expect(reservationEventId(id)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("builds a stream-name filter for the callers' streams only", () => {
    const none = new RegExp(visibleStreamsRegex(''));
    expect(['user-1', 'x'].map((n) => none.test(n))).toEqual([true, true]);
    expect(['$stats-1', '$ce-user', '~event-id-1', ''].map((n) => none.test(n))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    const ns = new RegExp(visibleStreamsRegex('ct.1-'));
    expect(['ct.1-user-1'].map((n) => ns.test(n))).toEqual([true]);
    expect(['ctx1-user-1', 'ct.1-~event-id-1', 'user-1', 'ct.1-'].map((n) => ns.test(n))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('EventStoreDB adapter over a fake client (adapter logic only, not the server)', () => {
  const setup = (
    options: { streamPrefix?: string; streamReadPositions?: boolean; idempotentAny?: boolean } = {},
  ) => {
    const fake = new FakeEventStoreDbClient(options);
    const store = createEventStoreDbEventStoreFromClient(fake.client, options);
    return { fake, store };
  };

  const take = async (iterable: AsyncIterable<RecordedEvent>, n: number) => {
    const out: RecordedEvent[] = [];
    if (n === 0) return out;
    for await (const e of iterable) {
      out.push(e);
      if (out.length >= n) break;
    }
    return out;
  };

  it('appends, and returns the $all position of the last event (not the commit record)', async () => {
    const { store } = setup();
    const events = [event('A'), event('B')];
    const result = await store.append('user-1', events, { expectedRevision: 'no_stream' });
    const read = await store.readStream('user-1');
    expect(read.map((e) => [e.eventId, e.revision, e.type])).toEqual([
      [events[0]!.eventId, 0n, 'A'],
      [events[1]!.eventId, 1n, 'B'],
    ]);
    expect(result).toEqual({ nextRevision: 1n, position: read[1]!.position });
    expect(read[0]!.metadata).toEqual(events[0]!.metadata);
    expect(read[0]!.recordedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const all = await store.readAll();
    expect(all.at(-1)!.position).toEqual(result.position);
  });

  it('reads [] for a missing stream', async () => {
    const { store } = setup();
    expect(await store.readStream('nobody')).toEqual([]);
  });

  it('maps a wrong expected revision', async () => {
    const { store } = setup();
    await expect(store.append('user-1', [event()], { expectedRevision: 0n })).rejects.toEqual(
      new WrongExpectedRevisionError('user-1', 0n, 'no_stream'),
    );
    await store.append('user-1', [event()], { expectedRevision: 'no_stream' });
    const error = await store
      .append('user-1', [event()], { expectedRevision: 'no_stream' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(error).toMatchObject({ streamId: 'user-1', expected: 'no_stream', actual: 0n });
  });

  it('a retried append returns the original result, even when the server reports no position', async () => {
    const { store, fake } = setup();
    const batch = [event('A'), event('B')];
    const first = await store.append('user-1', batch, { expectedRevision: 'no_stream' });
    await store.append('user-1', [event('C')], { expectedRevision: 1n });
    const retry = await store.append('user-1', batch, { expectedRevision: 'no_stream' });
    expect(retry).toEqual(first);
    expect(fake.log.filter((e) => e.streamId === 'user-1')).toHaveLength(3);
  });

  it('an event id reused with other content in the same stream is DuplicateEventIdError', async () => {
    const { store } = setup();
    const original = event('A', { n: 1 });
    await store.append('user-1', [original]);
    await expect(
      store.append('user-1', [{ ...original, data: { n: 2 } }], { expectedRevision: 'no_stream' }),
    ).rejects.toBeInstanceOf(DuplicateEventIdError);
    const twice = event('B');
    await expect(store.append('user-2', [twice, twice])).rejects.toBeInstanceOf(
      DuplicateEventIdError,
    );
  });

  it('rejects empty appends and system stream ids', async () => {
    const { store } = setup();
    await expect(store.append('user-1', [])).rejects.toThrow(RangeError);
    await expect(store.append('$user-1', [event()])).rejects.toThrow(/must not start with '\$'/);
  });

  it('readAll skips system events and returns events strictly after `from`, at most `max`', async () => {
    const { store, fake } = setup();
    fake.writeSystemEvent();
    const a = await store.append('s-1', [event('A'), event('B')]);
    fake.writeSystemEvent('$ce-s', '$>');
    await store.append('s-2', [event('C')]);
    fake.writeSystemEvent();

    const all = await store.readAll();
    expect(all.map((e) => e.type)).toEqual(['A', 'B', 'C']);
    // The fake's read includes the event AT `from`; the adapter must drop it.
    expect((await store.readAll({ from: a.position })).map((e) => e.type)).toEqual(['C']);
    expect((await store.readAll({ from: START_POSITION, max: 2 })).map((e) => e.type)).toEqual([
      'A',
      'B',
    ]);
    expect(fake.cancelledReads.length).toBeGreaterThan(0);
    expect(await store.readAll({ max: 0 })).toEqual([]);
    expect(await store.readAll({ from: all.at(-1)!.position })).toEqual([]);
  });

  it('headPosition is the newest visible event, START_POSITION when there is none', async () => {
    const { store, fake } = setup();
    fake.writeSystemEvent();
    expect(await store.headPosition()).toEqual(START_POSITION);
    const r = await store.append('s-1', [event()]);
    fake.writeSystemEvent();
    expect(await store.headPosition()).toEqual(r.position);
  });

  it('streamPrefix isolates stores sharing one server', async () => {
    const fake = new FakeEventStoreDbClient();
    const one = createEventStoreDbEventStoreFromClient(fake.client, { streamPrefix: 't1-' });
    const two = createEventStoreDbEventStoreFromClient(fake.client, { streamPrefix: 't2-' });
    await one.append('user-1', [event('One')]);
    const r2 = await two.append('user-1', [event('Two')]);
    expect(fake.log.map((e) => e.streamId).filter((id) => !id.includes('~'))).toEqual([
      't1-user-1',
      't2-user-1',
    ]);
    expect(fake.log.map((e) => e.streamId)).toContain(
      `t1-~event-id-${(await one.readStream('user-1'))[0]!.eventId}`,
    );
    expect((await one.readStream('user-1')).map((e) => [e.streamId, e.type])).toEqual([
      ['user-1', 'One'],
    ]);
    expect((await two.readAll()).map((e) => [e.streamId, e.type])).toEqual([['user-1', 'Two']]);
    expect(await two.headPosition()).toEqual(r2.position);
    const seen = await take(one.subscribeAll(), 1);
    expect(seen.map((e) => e.type)).toEqual(['One']);
  });

  it('subscribeAll catches up, follows live, skips system events, and stops on abort', async () => {
    const { store, fake } = setup();
    const first = await store.append('s-1', [event('A')]);
    await store.append('s-1', [event('B')]);
    fake.writeSystemEvent();

    const controller = new AbortController();
    const seen: string[] = [];
    const done = (async () => {
      for await (const e of store.subscribeAll({
        from: first.position,
        signal: controller.signal,
      })) {
        seen.push(e.type);
        if (seen.length === 3) controller.abort();
      }
    })();
    await new Promise((r) => setTimeout(r, 10));
    await store.append('s-2', [event('C')]);
    fake.writeSystemEvent();
    await store.append('s-2', [event('D')]);
    await done;
    expect(seen).toEqual(['B', 'C', 'D']);
    expect(fake.liveSubscriptions.size).toBe(0);
  });

  it('subscribeAll ends when the store closes, and surfaces a dropped connection', async () => {
    const { store, fake } = setup();
    await store.append('s-1', [event('A')]);
    const seen: string[] = [];
    const running = (async () => {
      for await (const e of store.subscribeAll()) seen.push(e.type);
    })();
    await new Promise((r) => setTimeout(r, 10));
    await store.close();
    await running;
    expect(seen).toEqual(['A']);
    expect(fake.disposed).toBe(true);

    const other = setup();
    const failing = (async () => {
      for await (const _ of other.store.subscribeAll()) {
        // nothing to see
      }
    })();
    await new Promise((r) => setTimeout(r, 10));
    other.fake.subscriptions[0]!.destroy(new Error('connection lost'));
    await expect(failing).rejects.toThrow('connection lost');
  });

  it('fails loudly when the server gives no positions on stream reads (before 22.6)', async () => {
    const { store } = setup({ streamReadPositions: false });
    await expect(store.append('user-1', [event()])).rejects.toThrow(/22\.6/);
    await expect(store.readStream('user-1')).rejects.toThrow(/22\.6/);
  });

  it('rejects an event id reused in another stream or with other content, writing nothing', async () => {
    const { store, fake } = setup();
    const original = event('A', { seats: 4 });
    await store.append('s-1', [original], { expectedRevision: 'no_stream' });
    const written = fake.log.length;

    await expect(
      store.append('s-1', [{ ...original, type: 'B' }], { expectedRevision: 0n }),
    ).rejects.toMatchObject({ constructor: DuplicateEventIdError, eventId: original.eventId });
    await expect(
      store.append('s-2', [original], { expectedRevision: 'no_stream' }),
    ).rejects.toMatchObject({ constructor: DuplicateEventIdError, eventId: original.eventId });
    await expect(store.append('s-2', [event(), original])).rejects.toBeInstanceOf(
      DuplicateEventIdError,
    );

    expect(await store.readStream('s-2')).toEqual([]);
    expect((await store.readStream('s-1')).map((e) => e.type)).toEqual(['A']);
    // Only reservation claims were added (one for the fresh event of the failed batch).
    expect(fake.log.slice(written).every((e) => e.streamId.startsWith('~event-id-'))).toBe(true);
  });

  it("a retry is a no-op for every expected revision, even when the server's 'any' idempotency misses", async () => {
    const { store, fake } = setup({ idempotentAny: false });
    const events = [event('A'), event('B'), event('C')];
    const first = await store.append('s-1', events, { expectedRevision: 'no_stream' });
    await store.append('s-2', [event()]);

    const retries = [
      await store.append('s-1', events, { expectedRevision: 'no_stream' }),
      await store.append('s-1', events, { expectedRevision: 'any' }),
      await store.append('s-1', events),
      await store.append('s-1', events, { expectedRevision: 'stream_exists' }),
    ];

    expect(retries).toEqual([first, first, first, first]);
    expect(fake.log.filter((e) => e.streamId === 's-1')).toHaveLength(3);
  });

  it('a claim left by a failed append lets the same append through later', async () => {
    const { store } = setup();
    await store.append('s-1', [event()]);
    const retried = event('A');
    await expect(
      store.append('s-1', [retried], { expectedRevision: 'no_stream' }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    const result = await store.append('s-1', [retried], { expectedRevision: 0n });
    expect(result.nextRevision).toBe(1n);
  });

  it('hides reservation streams from readAll, headPosition and subscribeAll', async () => {
    const { store, fake } = setup();
    const r = await store.append('s-1', [event('A'), event('B')]);
    expect((await store.readAll()).map((e) => e.streamId)).toEqual(['s-1', 's-1']);
    fake.writeSystemEvent();
    expect(await store.headPosition()).toEqual(r.position);
    const seen = await take(store.subscribeAll(), 2);
    expect(seen.map((e) => e.type)).toEqual(['A', 'B']);
    await expect(store.append('~event-id-x', [event()])).rejects.toThrow(/'~'/);
  });

  it('without eventIdIndex, only the server idempotency applies (documented limits)', async () => {
    const fake = new FakeEventStoreDbClient();
    const store = createEventStoreDbEventStoreFromClient(fake.client, { eventIdIndex: false });
    const original = event('A');
    await store.append('s-1', [original]);
    // Same id in another stream: the server writes it again; the adapter cannot tell.
    await store.append('s-2', [original]);
    expect(fake.log.map((e) => e.streamId)).toEqual(['s-1', 's-2']);
    // Same id, other content, same stream, matched by the server as a retry: caught by the read-back.
    await expect(
      store.append('s-1', [{ ...original, data: { other: true } }], {
        expectedRevision: 'no_stream',
      }),
    ).rejects.toBeInstanceOf(DuplicateEventIdError);
  });

  it('is an EventStore', () => {
    const { store } = setup();
    const typed: EventStore = store;
    expect(typeof typed.subscribeAll).toBe('function');
  });
});
