import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamRecordedEvent,
} from '@eventstore/db-client';
import { WrongExpectedRevisionError, type EventToAppend } from '@campus/contracts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store';
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
