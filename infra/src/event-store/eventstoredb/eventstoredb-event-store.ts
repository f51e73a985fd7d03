/**
 * EventStoreDB adapter of the contracts' EventStore (`@eventstore/db-client` v6, gRPC).
 *
 * Mapping
 * - Revisions: the same convention as contracts (first event = 0, 'no_stream' / 'stream_exists' /
 *   'any' / bigint map to the client's NO_STREAM / STREAM_EXISTS / ANY / bigint).
 * - GlobalPosition: txn = commit position, seq = prepare position. $all is ordered by
 *   (commit, prepare), which is the contracts' lexicographic (txn, seq) order. EventStoreDB has a
 *   single writer per log, so a position handed out is settled: nothing can later appear before
 *   it, and the Postgres adapter's transaction-visibility problem does not arise here.
 * - Event data and metadata are stored as JSON; the EventToAppend metadata object is the event's
 *   metadata. recordedAt is the server's `created` timestamp (millisecond precision).
 * - System events (types starting with '$': links, $metadata, stats, projection bookkeeping) and
 *   system streams ('$...') are never returned by readAll / subscribeAll / headPosition.
 *
 * Appends and idempotency
 * - EventStoreDB recognises a retried append by its event ids on its own, with limits: it is
 *   guaranteed only with an exact expectedRevision or 'no_stream' ('any' and 'stream_exists' are
 *   best effort: the server checks a bounded cache of recent event ids); event ids are unique per
 *   stream only (the same id in another stream is simply written again); and it compares ids only,
 *   never content.
 * - The contract asks for more (a retry is a no-op whatever its expected revision; an id reused
 *   in another stream or with other content is DuplicateEventIdError), so with `eventIdIndex`
 *   (the default) every append first claims each event id in a reservation stream
 *   `${streamPrefix}~event-id-<uuid>` (one small event: stream id and a SHA-256 of type, data and
 *   metadata; no payload copy). A claim held for another stream or content fails the append with
 *   DuplicateEventIdError before anything is written. A claim found from an earlier attempt makes
 *   the adapter look for the events in the stream and return their original result. Costs: one
 *   extra stream and event per event, and 2 extra round trips per append (claims run in parallel).
 *   Remaining limits: there is no multi-stream transaction, so an id whose append failed (say on a
 *   wrong expected revision) stays claimed for that stream and content; two concurrent appends of
 *   the same new ids are left to the server's own idempotency.
 * - Without `eventIdIndex` only the server's idempotency applies (limits above), plus the content
 *   check below.
 * - After every append the adapter reads the appended events back (one extra read): to return the
 *   exact $all position of the last one (the append response carries the commit position of the
 *   write, not necessarily the last event's) and to check their content (an id the server matched
 *   with other content is DuplicateEventIdError).
 * - A retry matching only part of an earlier batch fails with WrongExpectedRevisionError.
 * - Appending no events, to a '$' or '~' stream, or events with a '$' type or a non-UUID id is
 *   rejected.
 *
 * Reads and subscriptions
 * - readAll and headPosition filter on the client (v6's readAll has no server-side filter).
 *   subscribeAll filters on the server and again on the client: a stream-name regex that admits
 *   the callers' streams only (no '$' system streams, no '~' reservation streams, only the
 *   streamPrefix namespace), or excludeSystemEvents() when neither a prefix nor the id index is
 *   in use. Reads and subscriptions skip anything at or before `from`, whatever the server's
 *   inclusive/exclusive convention for a start position.
 * - subscribeAll is EventStoreDB's catch-up subscription: it reads history, then follows live,
 *   in $all order. A dropped connection ends the iteration with the client's error; the consumer
 *   resubscribes from its last checkpoint (no automatic resubscription here).
 * - Event positions on stream reads (readStream, the append read-back) need EventStoreDB 22.6 or
 *   newer; older servers make those calls fail with an explicit error.
 *
 * streamPrefix (optional) puts every stream of this store under `${streamPrefix}${streamId}` and
 * limits readAll / subscribeAll / headPosition to those streams: separate stores (tests, tenants)
 * can share one server. Stream ids handed out never include the prefix. The filtering is on the
 * client for readAll / headPosition: on a large shared log, headPosition of a namespace with no
 * events reads the whole log backwards.
 */
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type Position,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import {
  DuplicateEventIdError,
  START_POSITION,
  comparePositions,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type GlobalPosition,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeAllOptions,
} from '@campus/contracts';
import {
  RESERVATION_EVENT_TYPE,
  RESERVATION_STREAM_PREFIX,
  RESERVED_STREAM_MARK,
  contentHash,
  isRealPosition,
  isSystemEventType,
  mapAppendError,
  sameContent,
  toEsdbEventData,
  toEsdbExpectedRevision,
  toEsdbPosition,
  toRecordedEvent,
  reservationEventId,
  validateEventStoreDbConnectionString,
  visibleStreamsRegex,
} from './mapping';

/** Reservation appends in flight at once for one append. */
const RESERVATION_CONCURRENCY = 32;

export type EventStoreDbEventStoreOptions = {
  /** `esdb://host:2113?tls=false` or `esdb+discover://...`; v6 of the client accepts no other. */
  readonly connectionString: string;
  /** Optional namespace for all streams of this store (see the module comment). */
  readonly streamPrefix?: string;
  /**
   * Keep a reservation per event id so ids are unique across the store (see the module comment).
   * Default true; false relies on EventStoreDB's own per-stream idempotency only.
   */
  readonly eventIdIndex?: boolean;
};

/** The part of the client the adapter uses. */
export type EventStoreDbClientLike = Pick<
  EventStoreDBClient,
  'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'
>;

/** Creates the adapter; the client connects lazily, on the first call. */
export const createEventStoreDbEventStore = (
  options: EventStoreDbEventStoreOptions,
): EventStore => {
  const connectionString = validateEventStoreDbConnectionString(options.connectionString);
  let client: EventStoreDBClient;
  try {
    client = EventStoreDBClient.connectionString(connectionString);
  } catch (error) {
    throw new Error(
      `Invalid EventStoreDB connection string: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  return createEventStoreDbEventStoreFromClient(client, options);
};

const positionsUnavailable = (streamName: string) =>
  new Error(
    `EventStoreDB did not report $all positions when reading stream ${streamName}; ` +
      `this adapter needs EventStoreDB 22.6 or newer`,
  );

/** The adapter over a client the caller built (custom channel or credentials settings). */
export const createEventStoreDbEventStoreFromClient = (
  client: EventStoreDbClientLike,
  options: Omit<EventStoreDbEventStoreOptions, 'connectionString'> = {},
): EventStore => {
  const prefix = options.streamPrefix ?? '';
  const eventIdIndex = options.eventIdIndex ?? true;
  if (prefix.startsWith('$') || prefix.startsWith(RESERVED_STREAM_MARK)) {
    throw new Error(
      `streamPrefix must not start with '$' or '${RESERVED_STREAM_MARK}': "${prefix}"`,
    );
  }
  const closing = new AbortController();

  const assertOpen = () => {
    if (closing.signal.aborted) throw new Error('EventStoreDB event store is closed');
  };
  const streamName = (streamId: string) => {
    if (streamId === '' || streamId.startsWith('$') || streamId.startsWith(RESERVED_STREAM_MARK)) {
      throw new TypeError(
        `Stream id must be non-empty and must not start with '$' (system) or ` +
          `'${RESERVED_STREAM_MARK}' (this adapter's own streams): "${streamId}"`,
      );
    }
    return `${prefix}${streamId}`;
  };
  /** The caller-facing stream id of a stored stream, or null when it is not a caller's stream. */
  const ownStreamId = (name: string): string | null => {
    if (name.startsWith('$') || !name.startsWith(prefix)) return null;
    const streamId = name.slice(prefix.length);
    return streamId === '' || streamId.startsWith(RESERVED_STREAM_MARK) ? null : streamId;
  };

  /** A $all event as the contracts see it, or null when it is hidden (system, other prefix). */
  const visibleAllEvent = (resolved: AllStreamResolvedEvent): RecordedEvent | null => {
    const event = resolved.event;
    if (!event || isSystemEventType(event.type)) return null;
    const streamId = ownStreamId(event.streamId);
    if (streamId === null) return null;
    if (!isRealPosition(event.position)) {
      throw new Error(`EventStoreDB returned event ${event.id} from $all without a position`);
    }
    return toRecordedEvent(event, streamId, event.position);
  };

  const startOf = (from: GlobalPosition | undefined) =>
    from === undefined || comparePositions(from, START_POSITION) === 0
      ? START
      : toEsdbPosition(from);

  /** Stops a $all read early (harmless once it has ended); never masks the read's own error. */
  const cancelRead = (reading: { cancel(): Promise<void> }) =>
    reading.cancel().catch(() => undefined);

  const afterFrom = (event: RecordedEvent, from: GlobalPosition | undefined) =>
    from === undefined || comparePositions(event.position, from) > 0;

  /** Reads `count` events of a stream from `fromRevision` (stream name as stored). */
  const readStoredEvents = async (
    name: string,
    fromRevision: bigint,
    count: number | bigint,
  ): Promise<EsdbRecordedEvent[]> => {
    const events: EsdbRecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(name, {
        fromRevision,
        maxCount: count,
        direction: FORWARDS,
        resolveLinkTos: false,
        requiresLeader: true,
      })) {
        if (resolved.event) events.push(resolved.event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  };

  const sameIds = (stored: readonly EsdbRecordedEvent[], events: readonly EventToAppend[]) =>
    stored.length === events.length &&
    stored.every((event, i) => event.id.toLowerCase() === events[i]?.eventId.toLowerCase());

  /** Where `events` sit in a stream, consecutively and in order, or null when the first is absent. */
  const findInStream = (
    all: readonly EsdbRecordedEvent[],
    events: readonly EventToAppend[],
  ): EsdbRecordedEvent[] | null => {
    const firstId = events[0]?.eventId.toLowerCase();
    const start = all.findIndex((event) => event.id.toLowerCase() === firstId);
    return start < 0 ? null : all.slice(start, start + events.length);
  };

  /** The append's result from the stored copies, after checking they say what was asked. */
  const resultOf = (
    name: string,
    stored: readonly EsdbRecordedEvent[],
    events: readonly EventToAppend[],
  ): AppendResult => {
    events.forEach((event, i) => {
      const copy = stored[i];
      if (!copy || !sameContent(copy, event)) throw new DuplicateEventIdError(event.eventId);
    });
    const last = stored[stored.length - 1];
    if (!last || !isRealPosition(last.position)) throw positionsUnavailable(name);
    return {
      nextRevision: last.revision,
      position: { txn: last.position.commit, seq: last.position.prepare },
    };
  };

  /**
   * The stored copies of the events of a successful append: normally at the revisions the server
   * reported; otherwise (a retry the server matched elsewhere) found by their ids.
   */
  const locateAppended = async (
    name: string,
    events: readonly EventToAppend[],
    lastRevision: bigint,
  ): Promise<EsdbRecordedEvent[]> => {
    const firstRevision = lastRevision - BigInt(events.length) + 1n;
    if (firstRevision >= 0n) {
      const stored = await readStoredEvents(name, firstRevision, events.length);
      if (sameIds(stored, events)) return stored;
    }
    const stored = findInStream(await readStoredEvents(name, 0n, Number.MAX_SAFE_INTEGER), events);
    if (stored && sameIds(stored, events)) return stored;
    throw stored
      ? new DuplicateEventIdError(
          events.find((event, i) => stored[i]?.id.toLowerCase() !== event.eventId.toLowerCase())
            ?.eventId ?? '',
        )
      : new Error(`EventStoreDB acknowledged an append to ${name} but its events cannot be found`);
  };

  /**
   * Claims every event id of an append for (stream, content) in the id's reservation stream.
   * Throws DuplicateEventIdError when an id is already claimed for another stream or content.
   * Returns whether all claims are new (false: some id was claimed before, e.g. by an earlier
   * attempt of this same append, which may or may not have been written).
   */
  const reserveEventIds = async (
    streamId: string,
    events: readonly EventToAppend[],
  ): Promise<boolean> => {
    const attempt = randomUUID();
    const reserve = async (event: EventToAppend): Promise<boolean> => {
      const name = `${prefix}${RESERVATION_STREAM_PREFIX}${event.eventId.toLowerCase()}`;
      const claim = { streamId, contentHash: contentHash(event) };
      try {
        await client.appendToStream(
          name,
          {
            id: reservationEventId(event.eventId),
            contentType: 'application/json',
            type: RESERVATION_EVENT_TYPE,
            data: claim,
            metadata: { attempt },
          },
          { expectedRevision: NO_STREAM },
        );
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
      }
      // The server treats a claim with the same (derived) id as a retry whatever its content:
      // what counts is the claim actually stored.
      const [stored] = await readStoredEvents(name, 0n, 1);
      if (!stored || !isDeepStrictEqual(stored.data, claim)) {
        throw new DuplicateEventIdError(event.eventId);
      }
      const metadata = stored.metadata as { attempt?: unknown } | undefined;
      return metadata?.attempt === attempt;
    };
    let allNew = true;
    for (let i = 0; i < events.length; i += RESERVATION_CONCURRENCY) {
      const fresh = await Promise.all(events.slice(i, i + RESERVATION_CONCURRENCY).map(reserve));
      allNew &&= fresh.every(Boolean);
    }
    return allNew;
  };

  const append = async (
    streamId: string,
    events: readonly EventToAppend[],
    appendOptions?: { readonly expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult> => {
    assertOpen();
    const name = streamName(streamId);
    if (events.length === 0) throw new RangeError('append needs at least one event');
    const ids = new Set<string>();
    for (const event of events) {
      const id = event.eventId.toLowerCase();
      if (ids.has(id)) throw new DuplicateEventIdError(event.eventId);
      ids.add(id);
    }
    const expected = appendOptions?.expectedRevision ?? 'any';
    const proposed = events.map(toEsdbEventData);

    if (eventIdIndex && !(await reserveEventIds(streamId, events))) {
      // Claimed before: if an earlier attempt was written, hand back its result, whatever the
      // expected revision (the server's own idempotency is best effort for 'any').
      const earlier = findInStream(
        await readStoredEvents(name, 0n, Number.MAX_SAFE_INTEGER),
        events,
      );
      if (earlier && sameIds(earlier, events)) return resultOf(name, earlier, events);
    }

    let lastRevision: bigint;
    try {
      const result = await client.appendToStream(name, proposed, {
        expectedRevision: toEsdbExpectedRevision(expected),
      });
      lastRevision = result.nextExpectedRevision;
    } catch (error) {
      throw mapAppendError(error, streamId, expected);
    }
    return resultOf(name, await locateAppended(name, events, lastRevision), events);
  };

  const readStream = async (streamId: string): Promise<RecordedEvent[]> => {
    assertOpen();
    const name = streamName(streamId);
    const stored = await readStoredEvents(name, 0n, Number.MAX_SAFE_INTEGER);
    return stored.map((event) => {
      const position: Position | undefined = event.position;
      if (!isRealPosition(position)) throw positionsUnavailable(name);
      return toRecordedEvent(event, streamId, position);
    });
  };

  const readAll = async (readOptions: ReadAllOptions = {}): Promise<RecordedEvent[]> => {
    assertOpen();
    const { from, max } = readOptions;
    if (max !== undefined && max <= 0) return [];
    const out: RecordedEvent[] = [];
    // One streaming read to the current end; cancelled as soon as `max` visible events are in.
    const reading = client.readAll({
      fromPosition: startOf(from),
      direction: FORWARDS,
      resolveLinkTos: false,
    });
    try {
      for await (const resolved of reading) {
        const event = visibleAllEvent(resolved);
        if (!event || !afterFrom(event, from)) continue;
        out.push(event);
        if (max !== undefined && out.length >= max) break;
      }
    } finally {
      await cancelRead(reading);
    }
    return out;
  };

  const headPosition = async (): Promise<GlobalPosition> => {
    assertOpen();
    const reading = client.readAll({
      fromPosition: END,
      direction: BACKWARDS,
      resolveLinkTos: false,
    });
    let found: GlobalPosition = START_POSITION;
    try {
      for await (const resolved of reading) {
        const event = visibleAllEvent(resolved);
        if (!event) continue;
        found = event.position;
        break;
      }
    } finally {
      await cancelRead(reading);
    }
    return found;
  };

  const openSubscriptions = new Set<() => void>();

  async function* subscribeAll(
    subscribeOptions: SubscribeAllOptions = {},
  ): AsyncGenerator<RecordedEvent> {
    assertOpen();
    const { from, batchSize } = subscribeOptions;
    const signal = subscribeOptions.signal
      ? AbortSignal.any([subscribeOptions.signal, closing.signal])
      : closing.signal;
    // A function, not a property read: the signal changes under TypeScript's narrowing.
    const stopped = () => signal.aborted;
    if (stopped()) return;

    const subscription = client.subscribeToAll(
      {
        fromPosition: startOf(from),
        resolveLinkTos: false,
        filter:
          prefix === '' && !eventIdIndex
            ? excludeSystemEvents()
            : streamNameFilter({ regex: visibleStreamsRegex(prefix) }),
      },
      batchSize !== undefined && batchSize > 0 ? { highWaterMark: batchSize } : {},
    );
    const stop = () => {
      subscription.destroy();
      void subscription.unsubscribe().catch(() => undefined);
    };
    signal.addEventListener('abort', stop, { once: true });
    openSubscriptions.add(stop);

    let last = from;
    try {
      for await (const resolved of subscription) {
        if (stopped()) return;
        const event = visibleAllEvent(resolved);
        // Also drops anything at or before the last delivered position: exactly once, in order.
        if (!event || !afterFrom(event, last)) continue;
        last = event.position;
        yield event;
      }
    } catch (error) {
      if (stopped()) return; // destroying the stream on abort ends it with a premature close
      throw error;
    } finally {
      signal.removeEventListener('abort', stop);
      openSubscriptions.delete(stop);
      stop();
    }
  }

  const close = async (): Promise<void> => {
    if (closing.signal.aborted) return;
    closing.abort();
    for (const stop of openSubscriptions) stop();
    await client.dispose();
  };

  return {
    append,
    readStream,
    readAll,
    subscribeAll: (subscribeOptions) => subscribeAll(subscribeOptions),
    headPosition,
    close,
  };
};
