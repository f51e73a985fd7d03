/**
 * The behaviour every event store adapter must show. An adapter's spec calls
 * describeEventStoreContract with a setup that hands out a store on an empty (or private) log.
 * The suite closes every store it was given before it calls teardown.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparePositions,
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type GlobalPosition,
  type RecordedEvent,
} from '@campus/contracts';

export type EventStoreContractContext = {
  readonly store: EventStore;
  /** Another store on the same log, with connections of its own. */
  readonly makeStore: () => Promise<EventStore>;
  readonly teardown: () => Promise<void>;
};

const OCCURRED_AT = '2025-09-01T08:30:00.000Z';
const WRITERS = 16;
const EVENTS_PER_WRITER = 500;
const STREAMS_PER_WRITER = 8;
const DEADLINE_MS = 30_000;

const metadataFor = (overrides: Partial<EventMetadata> = {}): EventMetadata => ({
  actorUserId: randomUUID(),
  correlationId: randomUUID(),
  causationId: randomUUID(),
  commandName: 'RunContractTest',
  occurredAt: OCCURRED_AT,
  ...overrides,
});

const anEvent = (
  data: Record<string, unknown> = {},
  metadata: EventMetadata = metadataFor(),
): EventToAppend => ({ eventId: randomUUID(), type: 'ContractTestRan', data, metadata });

const someEvents = (count: number, data: Record<string, unknown> = {}) =>
  Array.from({ length: count }, (_, index) => anEvent({ ...data, index }));

const newStreamId = (label: string) => `contract-${label}-${randomUUID()}`;

/** Polls `probe` until it answers something other than undefined, or fails after the deadline. */
const eventually = async <T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = DEADLINE_MS,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 100)) {
    const answer = await probe();
    if (answer !== undefined) return answer;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
};

/** Waits until `position` is settled, i.e. readAll and subscribers can see it. */
const settled = (store: EventStore, position: GlobalPosition) =>
  eventually('the position to settle', async () =>
    comparePositions(await store.headPosition(), position) >= 0 ? true : undefined,
  );

type Collected = { readonly events: RecordedEvent[]; readonly done: Promise<void> };

/**
 * Subscribes and collects until `enough` says so (then stops by aborting the signal), the
 * deadline passes, or the subscription ends; `done` rejects on the deadline.
 */
const collect = (
  store: EventStore,
  options: { from?: GlobalPosition; batchSize?: number; signal?: AbortSignal },
  enough: (events: readonly RecordedEvent[]) => boolean,
): Collected => {
  const events: RecordedEvent[] = [];
  const controller = new AbortController();
  const signal = options.signal
    ? AbortSignal.any([options.signal, controller.signal])
    : controller.signal;
  const deadline = { passed: false };
  const timer = setTimeout(() => {
    deadline.passed = true;
    controller.abort();
  }, DEADLINE_MS);
  const done = (async () => {
    try {
      for await (const event of store.subscribeAll({ ...options, signal })) {
        events.push(event);
        if (enough(events)) controller.abort();
      }
    } finally {
      clearTimeout(timer);
    }
    if (deadline.passed) {
      throw new Error(
        `Subscription timed out after ${DEADLINE_MS} ms with ${events.length} events`,
      );
    }
  })();
  return { events, done };
};

const expectStrictlyIncreasing = (events: readonly RecordedEvent[]) => {
  for (let i = 1; i < events.length; i++) {
    const [previous, current] = [nth(events, i - 1), nth(events, i)];
    if (comparePositions(previous.position, current.position) >= 0) {
      expect.fail(
        `position of event ${i} (${current.position.txn}.${current.position.seq}) is not after ` +
          `${previous.position.txn}.${previous.position.seq}`,
      );
    }
  }
};

const nth = <T>(items: readonly T[], index: number): T => {
  const item = items.at(index);
  if (item === undefined) throw new Error(`No item at ${index} of ${items.length}`);
  return item;
};
const last = <T>(items: readonly T[]): T => nth(items, -1);

const ids = (events: readonly RecordedEvent[]) => events.map((e) => e.eventId);

export const describeEventStoreContract = (
  name: string,
  setup: () => Promise<EventStoreContractContext>,
) => {
  describe(`event store contract: ${name}`, () => {
    let context: EventStoreContractContext;
    const made: EventStore[] = [];
    const store = () => context.store;
    const makeStore = async () => {
      const another = await context.makeStore();
      made.push(another);
      return another;
    };
    /** Appends a marker and waits until it is settled: everything appended before is behind it. */
    const settledMark = async () => {
      const { position } = await store().append(newStreamId('mark'), [anEvent()]);
      await settled(store(), position);
      return position;
    };

    beforeAll(async () => {
      context = await setup();
    });

    afterAll(async () => {
      await Promise.all(made.map((s) => s.close()));
      await context.store.close();
      await context.teardown();
    });

    it('appends to a new stream with no_stream and reads it back in revision order', async () => {
      const streamId = newStreamId('new');
      const events = [anEvent({ title: 'Beach clean-up' }), anEvent({ seats: 3 })];

      const result = await store().append(streamId, events, { expectedRevision: 'no_stream' });

      expect(result.nextRevision).toBe(1n);
      const read = await store().readStream(streamId);
      expect(read.map((e) => [e.eventId, e.streamId, e.revision, e.type, e.data])).toEqual([
        [nth(events, 0).eventId, streamId, 0n, 'ContractTestRan', { title: 'Beach clean-up' }],
        [nth(events, 1).eventId, streamId, 1n, 'ContractTestRan', { seats: 3 }],
      ]);
      const [first, second] = [nth(read, 0), nth(read, 1)];
      expect(second.position).toEqual(result.position);
      expect(comparePositions(first.position, second.position)).toBe(-1);
      expect(new Date(first.recordedAt).toISOString()).toBe(first.recordedAt);
    });

    it('returns [] for a stream that does not exist', async () => {
      expect(await store().readStream(newStreamId('missing'))).toEqual([]);
    });

    it('rejects a wrong expected revision and writes nothing', async () => {
      const streamId = newStreamId('occ');
      await store().append(streamId, someEvents(2), { expectedRevision: 'no_stream' });
      const missing = newStreamId('occ-missing');

      await expect(
        store().append(streamId, [anEvent()], { expectedRevision: 0n }),
      ).rejects.toMatchObject({
        constructor: WrongExpectedRevisionError,
        streamId,
        expected: 0n,
        actual: 1n,
      });
      await expect(
        store().append(streamId, [anEvent()], { expectedRevision: 7n }),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(
        store().append(streamId, [anEvent()], { expectedRevision: 'no_stream' }),
      ).rejects.toMatchObject({ constructor: WrongExpectedRevisionError, actual: 1n });
      await expect(
        store().append(missing, [anEvent()], { expectedRevision: 'stream_exists' }),
      ).rejects.toMatchObject({ constructor: WrongExpectedRevisionError, actual: 'no_stream' });
      await expect(
        store().append(missing, [anEvent()], { expectedRevision: 0n }),
      ).rejects.toMatchObject({ constructor: WrongExpectedRevisionError, actual: 'no_stream' });

      expect(await store().readStream(streamId)).toHaveLength(2);
      expect(await store().readStream(missing)).toEqual([]);
    });

    it('appends with the right exact revision and with stream_exists', async () => {
      const streamId = newStreamId('occ-ok');
      await store().append(streamId, [anEvent()], { expectedRevision: 'no_stream' });

      const exact = await store().append(streamId, someEvents(2), { expectedRevision: 0n });
      const exists = await store().append(streamId, [anEvent()], {
        expectedRevision: 'stream_exists',
      });

      expect([exact.nextRevision, exists.nextRevision]).toEqual([2n, 3n]);
      expect((await store().readStream(streamId)).map((e) => e.revision)).toEqual([0n, 1n, 2n, 3n]);
    });

    it("appends with 'any' whether or not the stream exists", async () => {
      const streamId = newStreamId('any');

      const first = await store().append(streamId, [anEvent()], { expectedRevision: 'any' });
      const second = await store().append(streamId, someEvents(2));

      expect([first.nextRevision, second.nextRevision]).toEqual([0n, 2n]);
      expect((await store().readStream(streamId)).map((e) => e.revision)).toEqual([0n, 1n, 2n]);
    });

    it('treats a retried append with the same event ids as a no-op with the same result', async () => {
      const streamId = newStreamId('retry');
      const events = someEvents(3, { title: 'Food bank shift' });
      const first = await store().append(streamId, events, { expectedRevision: 'no_stream' });
      const mark = await settledMark();

      const retries = [
        await store().append(streamId, events, { expectedRevision: 'no_stream' }),
        await store().append(streamId, events, { expectedRevision: 'any' }),
        await store().append(streamId, events),
      ];

      expect(retries).toEqual([first, first, first]);
      const stored = await store().readStream(streamId);
      expect(ids(stored)).toEqual(events.map((e) => e.eventId));
      const next = anEvent();
      const later = await store().append(newStreamId('after-retry'), [next]);
      await settled(store(), later.position);
      expect(ids(await store().readAll({ from: mark }))).toEqual([next.eventId]);
    });

    it('rejects an event id reused with other content or in another stream', async () => {
      const streamId = newStreamId('dup');
      const original = anEvent({ seats: 4 });
      await store().append(streamId, [original], { expectedRevision: 'no_stream' });
      const otherStream = newStreamId('dup-other');
      const fresh = anEvent();

      await expect(
        store().append(streamId, [{ ...original, data: { seats: 5 } }], {
          expectedRevision: 'any',
        }),
      ).rejects.toMatchObject({ constructor: DuplicateEventIdError, eventId: original.eventId });
      await expect(
        store().append(streamId, [{ ...original, type: 'SomethingElseHappened' }], {
          expectedRevision: 0n,
        }),
      ).rejects.toBeInstanceOf(DuplicateEventIdError);
      await expect(
        store().append(otherStream, [original], { expectedRevision: 'no_stream' }),
      ).rejects.toMatchObject({ constructor: DuplicateEventIdError, eventId: original.eventId });
      await expect(store().append(otherStream, [fresh, original])).rejects.toBeInstanceOf(
        DuplicateEventIdError,
      );

      expect(await store().readStream(otherStream)).toEqual([]);
      expect((await store().readStream(streamId)).map((e) => e.data)).toEqual([{ seats: 4 }]);
    });

    it('reads all settled events strictly after a position, at most max', async () => {
      const mark = await settledMark();
      const [a, b] = [newStreamId('all-a'), newStreamId('all-b')];
      const written = [someEvents(2), someEvents(1), someEvents(2)];
      await store().append(a, nth(written, 0), { expectedRevision: 'no_stream' });
      await store().append(b, nth(written, 1), { expectedRevision: 'no_stream' });
      const final = await store().append(a, nth(written, 2), { expectedRevision: 1n });
      await settled(store(), final.position);
      const expected = written.flat().map((e) => e.eventId);

      const page1 = await store().readAll({ from: mark, max: 3 });
      const page2 = await store().readAll({ from: last(page1).position, max: 3 });

      expect(ids(page1)).toEqual(expected.slice(0, 3));
      expect(ids(page2)).toEqual(expected.slice(3));
      expect(last(page2).position).toEqual(final.position);
      expectStrictlyIncreasing([...page1, ...page2]);
      expect(await store().readAll({ from: final.position })).toEqual([]);
      expect(await store().headPosition()).toEqual(final.position);
    });

    it('round-trips data and metadata', async () => {
      const streamId = newStreamId('meta');
      const full = metadataFor({ commandName: 'SignUpForOpportunity' });
      const system = metadataFor({ actorUserId: null, causationId: null, commandName: 'LoadDemo' });
      const data = {
        title: 'Tutoring — Ünïcode "quoted" \\ back',
        seats: 12,
        ratio: 0.25,
        tags: ['outdoor', 'weekend'],
        nested: { starts: '2025-09-02T10:00:00.000Z', host: null, open: true },
      };
      const events = [anEvent(data, full), anEvent({}, system)];

      const { position } = await store().append(streamId, events, {
        expectedRevision: 'no_stream',
      });

      const fromStream = await store().readStream(streamId);
      expect(fromStream.map((e) => [e.data, e.metadata])).toEqual([
        [data, full],
        [{}, system],
      ]);
      await settled(store(), position);
      const fromAll = await store().readAll({ from: nth(fromStream, 0).position });
      expect(fromAll.map((e) => [e.eventId, e.metadata])).toEqual([
        [nth(events, 1).eventId, system],
      ]);
    });

    describe('under concurrent writers', () => {
      let from: GlobalPosition;
      let expectedIds: Set<string>;
      /** What the live subscriber saw of this test's events, in its order. */
      let liveOrder: string[] | undefined;
      const expectedOrder = () => {
        if (!liveOrder) throw new Error('Needs the concurrent writers test to have passed first');
        return liveOrder;
      };

      it(`delivers ${WRITERS} writers x ${EVENTS_PER_WRITER} events to a live subscriber exactly once, in one stable order`, async () => {
        from = await settledMark();
        expectedIds = new Set();
        const seen = new Set<string>();
        const live = collect(store(), { from, batchSize: 200 }, (events) => {
          const id = last(events).eventId;
          if (expectedIds.has(id)) seen.add(id);
          return seen.size === WRITERS * EVENTS_PER_WRITER;
        });
        const shared = newStreamId('shared');
        const writers = await Promise.all(Array.from({ length: WRITERS }, () => makeStore()));

        await Promise.all(
          writers.map(async (writer, w) => {
            const streams = Array.from({ length: STREAMS_PER_WRITER }, () => ({
              id: newStreamId(`w${w}`),
              revision: null as bigint | null,
            }));
            for (let written = 0, i = 0; written < EVENTS_PER_WRITER; i++) {
              const size = Math.min(i % 3 === 0 ? 1 : 2 + (i % 5), EVENTS_PER_WRITER - written);
              const events = someEvents(size, { writer: w, append: i });
              for (const event of events) expectedIds.add(event.eventId);
              written += size;
              if (i % 4 === 1) {
                // Racing unconditional appends to one stream; this writer's i = 1 made sure it exists.
                await writer.append(shared, events, {
                  expectedRevision: i % 8 === 1 ? 'any' : 'stream_exists',
                });
                continue;
              }
              const stream = nth(streams, i % STREAMS_PER_WRITER);
              const result = await writer.append(stream.id, events, {
                expectedRevision: stream.revision ?? 'no_stream',
              });
              stream.revision = result.nextRevision;
            }
          }),
        );
        expect(expectedIds.size).toBe(WRITERS * EVENTS_PER_WRITER);
        await live.done;

        const ours = live.events.filter((e) => expectedIds.has(e.eventId));
        expect(ours).toHaveLength(WRITERS * EVENTS_PER_WRITER);
        expect(new Set(ids(ours)).size).toBe(WRITERS * EVENTS_PER_WRITER);
        expectStrictlyIncreasing(live.events);
        // Within a stream, global order is revision order.
        const nextRevision = new Map<string, bigint>();
        for (const event of ours) {
          expect(event.revision, event.streamId).toBe(nextRevision.get(event.streamId) ?? 0n);
          nextRevision.set(event.streamId, event.revision + 1n);
        }
        liveOrder = ids(ours);
      });

      it('gives a subscriber started afterwards from the start the identical order', async () => {
        const order = expectedOrder();
        const reader = await makeStore();
        const replay = collect(reader, {}, (events) => last(events).eventId === order.at(-1));
        await replay.done;

        expectStrictlyIncreasing(replay.events);
        expect(ids(replay.events.filter((e) => expectedIds.has(e.eventId)))).toEqual(order);
      });

      it('resumes a stopped subscriber from its last delivered position without gaps or repeats', async () => {
        const order = expectedOrder();
        const stopAfter = 2_345;
        const first = collect(
          store(),
          { from, batchSize: 100 },
          (events) => events.length >= stopAfter,
        );
        await first.done;
        expect(first.events).toHaveLength(stopAfter);

        const resumed = collect(
          store(),
          { from: last(first.events).position, batchSize: 100 },
          (events) => last(events).eventId === order.at(-1),
        );
        await resumed.done;

        const both = [...first.events, ...resumed.events];
        expectStrictlyIncreasing(both);
        expect(ids(both.filter((e) => expectedIds.has(e.eventId)))).toEqual(order);
      });
    });

    it('ends a caught-up subscription promptly when its signal aborts', async () => {
      const controller = new AbortController();
      const from = await settledMark();
      const streamId = newStreamId('abort');
      const live = collect(store(), { from, signal: controller.signal }, () => false);
      const { position } = await store().append(streamId, [anEvent()]);
      await eventually('the live event', () =>
        Promise.resolve(live.events.some((e) => e.streamId === streamId) ? true : undefined),
      );
      expect(last(live.events).position).toEqual(position);

      const abortedAt = Date.now();
      controller.abort();
      await live.done;

      expect(Date.now() - abortedAt).toBeLessThan(1_000);
    });

    it('yields nothing when the signal is already aborted', async () => {
      const events: RecordedEvent[] = [];
      for await (const event of store().subscribeAll({ signal: AbortSignal.abort() })) {
        events.push(event);
      }
      expect(events).toEqual([]);
    });
  });
};
