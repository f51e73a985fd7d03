/**
 * The event store as every package sees it. Two adapters implement it (infra/src/event-store):
 * Postgres (default) and EventStoreDB. Both pass the same contract suite.
 *
 * Revision convention (as EventStoreDB): the first event of a stream has revision 0;
 * a stream that does not exist has no revision ('no_stream').
 */

/**
 * A point in the global order of all events, compared lexicographically (txn, then seq).
 * Postgres adapter: txn = the appending transaction's id (xid8), seq = the event's global position.
 * EventStoreDB adapter: txn = commit position, seq = prepare position.
 */
export type GlobalPosition = { readonly txn: bigint; readonly seq: bigint };

export const START_POSITION: GlobalPosition = { txn: 0n, seq: 0n };

export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

export type EventMetadata = {
  /** The user whose command caused the event; null for system work (loaders, jobs). */
  readonly actorUserId: string | null;
  readonly correlationId: string;
  readonly causationId: string | null;
  /** The command's name, e.g. 'RegisterUser'. */
  readonly commandName: string;
  /** When the command was decided, ISO 8601 UTC, from the injectable clock. */
  readonly occurredAt: string;
};

export type EventToAppend = {
  readonly eventId: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: EventMetadata;
};

export type RecordedEvent = {
  readonly eventId: string;
  readonly streamId: string;
  readonly revision: bigint;
  readonly position: GlobalPosition;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata: EventMetadata;
  /** When the store recorded it, ISO 8601 UTC. */
  readonly recordedAt: string;
};

export type AppendResult = {
  /** The stream's revision after the append (the last appended event's revision). */
  readonly nextRevision: bigint;
  /** Global position of the last appended event. */
  readonly position: GlobalPosition;
};

export type ReadAllOptions = { readonly from?: GlobalPosition; readonly max?: number };

export type SubscribeAllOptions = {
  /** Deliver events strictly after this position; omit to start at the beginning. */
  readonly from?: GlobalPosition;
  /** Stop iterating when this signal aborts. */
  readonly signal?: AbortSignal;
  /** Upper bound of events fetched per round trip. */
  readonly batchSize?: number;
};

export interface EventStore {
  /**
   * Appends events atomically. Retrying an append whose event ids are already stored
   * (in the same stream, in the same order) is a no-op that returns the original result.
   * Throws WrongExpectedRevisionError when expectedRevision does not hold.
   */
  append(
    streamId: string,
    events: readonly EventToAppend[],
    options?: { readonly expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
  /** All events of one stream in revision order; [] when the stream does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /** Events strictly after `from` in global order, at most `max`. Only settled positions are returned. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catches up from `from`, then follows live; every event exactly once, in global order. */
  subscribeAll(options?: SubscribeAllOptions): AsyncIterable<RecordedEvent>;
  /** The position of the newest settled event (what a caught-up subscriber has seen). */
  headPosition(): Promise<GlobalPosition>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

/** An event id reused with different content or in another stream. */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
  constructor(readonly eventId: string) {
    super(`Event id ${eventId} is already stored with other content or in another stream`);
  }
}
