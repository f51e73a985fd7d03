/**
 * Pure conversions between the contracts' event store types and `@eventstore/db-client` v6.
 * Everything here is free of I/O so it can be unit tested without a server.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  ANY,
  NO_STREAM,
  STREAM_EXISTS,
  WrongExpectedVersionError,
  type AppendExpectedRevision,
  type Position,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import {
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventToAppend,
  type ExpectedRevision,
  type GlobalPosition,
  type RecordedEvent,
} from '@campus/contracts';

// ---------------------------------------------------------------------------------------------
// Connection string
// ---------------------------------------------------------------------------------------------

const ESDB_SCHEME = /^esdb(\+discover)?:\/\//;

/**
 * `@eventstore/db-client` v6 only parses `esdb://` (single node or gossip seeds) and
 * `esdb+discover://` (DNS discovery) connection strings. Anything else (http://, kurrentdb://,
 * tcp://, an empty value) is rejected here with a message that does not echo the string, since
 * connection strings may carry credentials.
 */
export const validateEventStoreDbConnectionString = (connectionString: string): string => {
  const trimmed = connectionString.trim();
  if (!ESDB_SCHEME.test(trimmed)) {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1];
    const found = trimmed === '' ? 'an empty string' : scheme ? `"${scheme}://"` : 'no scheme';
    throw new Error(
      `EventStoreDB connection string must start with esdb:// or esdb+discover:// ` +
        `(e.g. esdb://localhost:2113?tls=false); got ${found}. ` +
        `@eventstore/db-client v6 accepts no other scheme.`,
    );
  }
  return trimmed;
};

// ---------------------------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------------------------

/** Positions are signed 64-bit longs on the server; larger values are "no position" markers. */
const MAX_LOG_POSITION = (1n << 63n) - 1n;

/** EventStoreDB position (commit, prepare) -> contracts GlobalPosition (txn, seq). */
export const toGlobalPosition = (position: Position): GlobalPosition => ({
  txn: position.commit,
  seq: position.prepare,
});

/** contracts GlobalPosition (txn, seq) -> EventStoreDB position (commit, prepare). */
export const toEsdbPosition = (position: GlobalPosition): Position => {
  if (
    position.txn < 0n ||
    position.seq < 0n ||
    position.txn > MAX_LOG_POSITION ||
    position.seq > MAX_LOG_POSITION
  ) {
    throw new RangeError(
      `Not an EventStoreDB log position: ${position.txn.toString()}.${position.seq.toString()}`,
    );
  }
  return { commit: position.txn, prepare: position.seq };
};

/**
 * Whether a position read back from the server is a real log position. Servers before 22.6 (and
 * events written in explicit transactions) report no position on stream reads: the field is then
 * absent, 0/0 (protobuf default) or 2^64-1 (the server's "none" marker).
 */
export const isRealPosition = (position: Position | undefined): position is Position =>
  position !== undefined &&
  position.commit >= 0n &&
  position.prepare >= 0n &&
  position.commit <= MAX_LOG_POSITION &&
  position.prepare <= MAX_LOG_POSITION &&
  !(position.commit === 0n && position.prepare === 0n);

// ---------------------------------------------------------------------------------------------
// Revisions and errors
// ---------------------------------------------------------------------------------------------

/** contracts ExpectedRevision -> the client's expected revision (same convention: first = 0). */
export const toEsdbExpectedRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    case 'any':
      return ANY;
    default:
      if (expected < 0n) throw new RangeError(`Expected revision must be >= 0, got ${expected}`);
      return expected;
  }
};

/**
 * Maps the client's WrongExpectedVersionError to the contracts' WrongExpectedRevisionError
 * (stream id as the caller named it, the caller's expectation, the actual revision or
 * 'no_stream'). Any other error is returned unchanged.
 */
export const mapAppendError = (
  error: unknown,
  streamId: string,
  expected: ExpectedRevision,
): unknown => {
  if (error instanceof WrongExpectedVersionError) {
    const actual = error.actualVersion;
    return new WrongExpectedRevisionError(
      streamId,
      expected,
      typeof actual === 'bigint' && actual >= 0n ? actual : 'no_stream',
    );
  }
  return error;
};

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

/** System events ($>, $metadata, $statsCollected, $ProjectionUpdated, ...) are never handed out. */
export const isSystemEventType = (type: string): boolean => type.startsWith('$');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** EventStoreDB event ids are UUIDs; reject anything else before talking to the server. */
export const assertEventId = (eventId: string): void => {
  if (!UUID.test(eventId)) {
    throw new TypeError(`EventStoreDB event ids must be UUIDs, got "${eventId}"`);
  }
};

/** The client's JSON event shape for one contracts event (metadata stored as the event's metadata). */
export const toEsdbEventData = (event: EventToAppend) => {
  assertEventId(event.eventId);
  if (event.type === '' || isSystemEventType(event.type)) {
    throw new TypeError(
      `Event type must be non-empty and must not start with '$': "${event.type}"`,
    );
  }
  return {
    id: event.eventId.toLowerCase(),
    contentType: 'application/json' as const,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  };
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof Uint8Array);

/**
 * A recorded EventStoreDB event -> contracts RecordedEvent. `position` must be the event's real
 * $all position; `streamId` is the caller-facing stream id (namespace prefix removed).
 */
export const toRecordedEvent = (
  event: EsdbRecordedEvent,
  streamId: string,
  position: Position,
): RecordedEvent => {
  if (!event.isJson || !isPlainObject(event.data)) {
    throw new TypeError(
      `EventStoreDB event ${event.id} (${event.type}) in stream ${event.streamId} is not a JSON ` +
        `object event; this adapter only reads events written through it`,
    );
  }
  if (!isPlainObject(event.metadata)) {
    throw new TypeError(
      `EventStoreDB event ${event.id} (${event.type}) in stream ${event.streamId} has no JSON ` +
        `object metadata; this adapter only reads events written through it`,
    );
  }
  return {
    eventId: event.id,
    streamId,
    revision: event.revision,
    position: toGlobalPosition(position),
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
    recordedAt: event.created.toISOString(),
  };
};

/** Round trip through JSON, as the server stores it, so comparisons see what was stored. */
const asStored = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

/**
 * Whether a stored event carries the same content as an event we were asked to append (used to
 * tell an idempotent retry from an event id reused with other content).
 */
export const sameContent = (stored: EsdbRecordedEvent, requested: EventToAppend): boolean =>
  stored.id.toLowerCase() === requested.eventId.toLowerCase() &&
  stored.type === requested.type &&
  isDeepStrictEqual(stored.data, asStored(requested.data)) &&
  isDeepStrictEqual(stored.metadata, asStored(requested.metadata));

// ---------------------------------------------------------------------------------------------
// Event id reservations (store-wide event id uniqueness, which EventStoreDB does not give)
// ---------------------------------------------------------------------------------------------

/** Stream ids starting with this are the adapter's own; callers' stream ids must not. */
export const RESERVED_STREAM_MARK = '~';
export const RESERVATION_STREAM_PREFIX = `${RESERVED_STREAM_MARK}event-id-`;
export const RESERVATION_EVENT_TYPE = 'EventIdReserved';

/** JSON with object keys sorted at every level (undefined dropped, as JSON.stringify does). */
export const canonicalJson = (value: unknown): string => {
  const normalise = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(normalise);
    if (typeof v === 'object' && v !== null) {
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((key) => [key, normalise((v as Record<string, unknown>)[key])]),
      );
    }
    return v;
  };
  return JSON.stringify(normalise(JSON.parse(JSON.stringify(value)) as unknown));
};

/** A fingerprint of what an event says (type, data, metadata), independent of key order. */
export const contentHash = (event: EventToAppend): string =>
  createHash('sha256')
    .update(canonicalJson({ type: event.type, data: event.data, metadata: event.metadata }))
    .digest('hex');

/**
 * The id of the reservation event of an event id: derived (so a retried reservation is
 * idempotent) but different from the event id (so EventStoreDB's cache of recent event ids, which
 * it uses for the idempotency of 'any' appends, keeps pointing at the real event).
 */
export const reservationEventId = (eventId: string): string => {
  const hex = createHash('sha256')
    .update(`event-id-reservation:${eventId.toLowerCase()}`)
    .digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** Escapes regex metacharacters (the same set in JavaScript and .NET). */
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Server-side stream-name filter (a .NET regex) that lets through the callers' streams of a
 * namespace only: not system streams ('$...'), not the adapter's own ('~...').
 */
export const visibleStreamsRegex = (prefix: string): string =>
  prefix === '' ? '^[^$~]' : `^${escapeRegex(prefix)}[^~]`;
