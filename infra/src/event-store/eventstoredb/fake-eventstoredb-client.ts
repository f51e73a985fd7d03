/**
 * Test double of the slice of `@eventstore/db-client` the adapter uses, modelled on EventStoreDB's
 * documented behaviour, for the unit tests only. It deliberately takes the less convenient side
 * where the server's behaviour is not pinned down here:
 * - readAll includes the event AT `fromPosition` (the adapter must drop it itself);
 * - an append's reported position is the transaction's commit position, not the last event's;
 * - an idempotent retry reports no position at all.
 * It does not prove the real server behaves so: that is the contract suite's job.
 */
import { Readable } from 'node:stream';
import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult,
  type EventData,
  type Filter,
  type Position,
  type ReadPosition,
} from '@eventstore/db-client';
import type { EventStoreDbClientLike } from './eventstoredb-event-store';

type Stored = AllStreamRecordedEvent & { readonly position: Position };

type FakeOptions = {
  /** false: behave like servers before 22.6 (no $all position on stream reads). */
  readonly streamReadPositions?: boolean;
  /**
   * false: 'any' / 'stream_exists' appends never recognise a retry, as when the server's cache
   * of recent event ids has lost them (the server only promises idempotency for exact revisions).
   */
  readonly idempotentAny?: boolean;
};

const comparePosition = (a: Position, b: Position) =>
  a.commit === b.commit ? Number(a.prepare - b.prepare) : Number(a.commit - b.commit);

const matchesFilter = (event: Stored, filter: Filter | undefined) => {
  if (!filter) return true;
  const subject = filter.filterOn === 'eventType' ? event.type : event.streamId;
  if ('prefixes' in filter) return filter.prefixes.some((p) => subject.startsWith(p));
  return new RegExp(filter.regex).test(subject);
};

export class FakeEventStoreDbClient {
  readonly log: Stored[] = [];
  readonly cancelledReads: number[] = [];
  readonly liveSubscriptions = new Set<(event: Stored) => void>();
  /** Every subscription stream opened (destroy one with an error to simulate a dropped link). */
  readonly subscriptions: Readable[] = [];
  disposed = false;
  private nextLogPosition = 1_000n;
  private readCount = 0;

  constructor(private readonly options: FakeOptions = {}) {}

  /** The adapter-facing view (the fake implements only what the adapter calls). */
  get client(): EventStoreDbClientLike {
    return this;
  }

  private streamEvents(name: string) {
    return this.log.filter((event) => event.streamId === name);
  }

  private write(name: string, event: EventData, revision: bigint): Stored {
    const position = { commit: this.nextLogPosition, prepare: this.nextLogPosition };
    this.nextLogPosition += 137n;
    const stored = {
      streamId: name,
      id: event.id,
      isJson: true,
      revision,
      type: event.type,
      created: new Date(Date.UTC(2026, 0, 1, 12, 0, 0, this.log.length)),
      data: JSON.parse(JSON.stringify(event.data)) as Record<string, unknown>,
      metadata: JSON.parse(JSON.stringify(event.metadata)) as Record<string, unknown>,
      position,
    } as Stored;
    this.log.push(stored);
    for (const deliver of this.liveSubscriptions) deliver(stored);
    return stored;
  }

  /** Writes a system event ($-stream, $-type), as projections and stats do on a real server. */
  writeSystemEvent(streamName = '$stats-127.0.0.1:2113', type = '$statsCollected') {
    const revision = BigInt(this.streamEvents(streamName).length);
    this.write(
      streamName,
      { id: crypto.randomUUID(), contentType: 'application/json', type, data: {}, metadata: {} },
      revision,
    );
  }

  appendToStream(
    name: string,
    events: EventData | EventData[],
    options: { expectedRevision?: AppendExpectedRevision } = {},
  ): Promise<AppendResult> {
    const batch = Array.isArray(events) ? events : [events];
    const existing = this.streamEvents(name);
    const current = existing.length - 1;
    // Idempotency by event id, as the server does it: the same ids where the expected revision
    // puts them (exact / no_stream), or anywhere in the stream ('any' / 'stream_exists', when the
    // server's cache still knows them) -> no-op success.
    const expected = options.expectedRevision ?? 'any';
    const firstId = batch[0]?.id;
    const at =
      typeof expected === 'bigint'
        ? Number(expected) + 1
        : expected === 'no_stream'
          ? 0
          : (this.options.idempotentAny ?? true)
            ? existing.findIndex((event) => event.id === firstId)
            : -1;
    if (at >= 0 && batch.every((event, i) => existing[at + i]?.id === event.id)) {
      return Promise.resolve({
        success: true,
        nextExpectedRevision: BigInt(at + batch.length - 1),
        position: undefined,
      });
    }
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === -1) ||
      (expected === 'stream_exists' && current >= 0) ||
      (typeof expected === 'bigint' && BigInt(current) === expected);
    if (!ok) {
      return Promise.reject(
        new WrongExpectedVersionError(undefined, {
          streamName: name,
          expected,
          current: current < 0 ? 'no_stream' : BigInt(current),
        }),
      );
    }
    let last: Stored | undefined;
    batch.forEach((event, i) => {
      last = this.write(name, event, BigInt(current + 1 + i));
    });
    const commit = (last?.position.commit ?? 0n) + 90n; // the transaction's commit record
    return Promise.resolve({
      success: true,
      nextExpectedRevision: BigInt(current + batch.length),
      position: { commit, prepare: commit },
    });
  }

  private readable<T>(items: () => Iterable<T>, error?: Error) {
    const id = ++this.readCount;
    const stream = error
      ? new Readable({
          objectMode: true,
          read() {
            this.destroy(error);
          },
        })
      : Readable.from(items(), { objectMode: true });
    return Object.assign(stream, {
      cancel: () => {
        this.cancelledReads.push(id);
        return Promise.resolve();
      },
    });
  }

  readStream(
    name: string,
    options: { fromRevision?: bigint | 'start' | 'end'; maxCount?: number | bigint } = {},
  ) {
    const events = this.streamEvents(name);
    if (events.length === 0) {
      return this.readable(() => [], new StreamNotFoundError(undefined, name));
    }
    const from = typeof options.fromRevision === 'bigint' ? options.fromRevision : 0n;
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const withPositions = this.options.streamReadPositions ?? true;
    return this.readable(() =>
      events
        .filter((event) => event.revision >= from)
        .slice(0, max)
        .map((event) => ({
          event: withPositions
            ? event
            : {
                ...event,
                position: { commit: 18446744073709551615n, prepare: 18446744073709551615n },
              },
        })),
    );
  }

  readAll(
    options: {
      fromPosition?: ReadPosition;
      direction?: 'forwards' | 'backwards';
      maxCount?: number | bigint;
    } = {},
  ) {
    const { fromPosition = 'start', direction = 'forwards' } = options;
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const events = (): AllStreamResolvedEvent[] => {
      let selected: Stored[];
      if (direction === 'forwards') {
        selected =
          fromPosition === 'start'
            ? [...this.log]
            : fromPosition === 'end'
              ? []
              : this.log.filter((event) => comparePosition(event.position, fromPosition) >= 0);
      } else {
        selected = (
          fromPosition === 'end'
            ? [...this.log]
            : fromPosition === 'start'
              ? []
              : this.log.filter((event) => comparePosition(event.position, fromPosition) <= 0)
        ).reverse();
      }
      return selected.slice(0, max).map((event) => ({ event }));
    };
    return this.readable(events);
  }

  subscribeToAll(
    options: { fromPosition?: ReadPosition; filter?: Filter } = {},
    readableOptions: { highWaterMark?: number } = {},
  ) {
    const { fromPosition = 'start', filter } = options;
    const stream = new Readable({ objectMode: true, read() {}, ...readableOptions });
    const deliver = (event: Stored) => {
      if (fromPosition === 'end') return;
      if (fromPosition !== 'start' && comparePosition(event.position, fromPosition) <= 0) return;
      if (matchesFilter(event, filter)) stream.push({ event });
    };
    if (fromPosition !== 'end') this.log.forEach(deliver);
    this.liveSubscriptions.add(deliver);
    this.subscriptions.push(stream);
    stream.on('close', () => this.liveSubscriptions.delete(deliver));
    return Object.assign(stream, {
      unsubscribe: () => {
        this.liveSubscriptions.delete(deliver);
        stream.push(null);
        return Promise.resolve();
      },
    });
  }

  dispose(): Promise<void> {
    this.disposed = true;
    return Promise.resolve();
  }
}
