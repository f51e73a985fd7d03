import {
  DuplicateEventIdError,
  START_POSITION,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type GlobalPosition,
  type ReadAllOptions,
  type RecordedEvent,
  type SubscribeAllOptions,
} from '@campus/contracts';
import type pg from 'pg';
import type { Pool } from '../../db/pool';
import { createAppendGroups, type PendingAppend } from './append-groups';
import {
  appendQuery,
  checkAppend,
  groupAppendQuery,
  toEventArrays,
  type AppendRow,
  type GroupRow,
} from './append-statement';
import {
  createNotificationListener,
  createNotifier,
  type NotificationListener,
  type Notifier,
} from './notifications';

export type PostgresEventStoreOptions = {
  readonly pool: Pool;
  /** Where the LISTEN connection goes; defaults to the pool's own connection settings. */
  readonly databaseUrl?: string;
  /** Longest a live subscription waits before reading again, notified or not. */
  readonly pollIntervalMs?: number;
  /**
   * Whether appends wake subscriptions (NOTIFY after commit, on a connection of the store's own)
   * and subscriptions LISTEN; without it subscriptions rely on polling alone. Default true.
   */
  readonly notify?: boolean;
};

const EVENTS_CHANNEL = 'es_events';
const DEFAULT_POLL_INTERVAL_MS = 100;
const DEFAULT_BATCH_SIZE = 500;
/** At most one NOTIFY per this many ms and store: bounds its cost under load, adds at most this latency. */
const NOTIFY_INTERVAL_MS = 10;
/**
 * Exact-revision append statements running at once, at most; appends made meanwhile wait and go
 * together with the next group (see append-groups.ts).
 */
const MAX_APPEND_STATEMENTS = 4;
const MAX_GROUP_SIZE = 200;
/** Re-read this soon when committed events wait for an older transaction to finish. */
const SETTLE_RETRY_MS = 20;

const EVENT_COLUMNS = `transaction_id::text AS txn, global_position::text AS seq, stream_id,
  stream_revision::text AS revision, event_id::text, event_type, data, metadata,
  to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at`;

/** Settled = written by a transaction below the oldest one still running, so nothing can commit before it. */
const SETTLED = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
const AFTER = '(transaction_id, global_position) > ($1::xid8, $2::bigint)';

const DIAGNOSE_APPEND_SQL = `SELECT outcome, next_revision::text, txn::text, seq::text,
  conflicting_event_id::text, actual_revision::text
  FROM es.diagnose_append($1, $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[])`;

const READ_STREAM_SQL = `SELECT ${EVENT_COLUMNS} FROM es.events
  WHERE stream_id = $1 ORDER BY stream_revision`;

const READ_ALL_SQL = `SELECT ${EVENT_COLUMNS} FROM es.events
  WHERE ${AFTER} AND ${SETTLED}
  ORDER BY transaction_id, global_position LIMIT $3`;

// One statement, so `unsettled` and the batch see the same snapshot (the same xmin). `unsettled`
// compares the newest transaction id with xmin: one step backward on the (transaction_id, position)
// index whatever the table's statistics, where an EXISTS over `transaction_id >= xmin` could be
// planned as a scan of the whole log when nothing is unsettled.
const READ_LIVE_SQL = `SELECT pending.unsettled, batch.* FROM
  (SELECT COALESCE((SELECT max(transaction_id) FROM es.events)
     >= pg_snapshot_xmin(pg_current_snapshot()), false) AS unsettled) pending
  LEFT JOIN LATERAL (SELECT ${EVENT_COLUMNS} FROM es.events
    WHERE ${AFTER} AND ${SETTLED}
    ORDER BY transaction_id, global_position LIMIT $3) batch ON true
  ORDER BY batch.txn::xid8, batch.seq::bigint`;

const HEAD_SQL = `SELECT transaction_id::text AS txn, global_position::text AS seq FROM es.events
  WHERE ${SETTLED} ORDER BY transaction_id DESC, global_position DESC LIMIT 1`;

type DiagnosisRow = {
  outcome: 'already_appended' | 'duplicate_event_id' | null;
  next_revision: string | null;
  txn: string | null;
  seq: string | null;
  conflicting_event_id: string | null;
  actual_revision: string | null;
};

type EventRow = {
  txn: string;
  seq: string;
  stream_id: string;
  revision: string;
  event_id: string;
  event_type: string;
  data: Record<string, unknown>;
  metadata: EventMetadata;
  recorded_at: string;
};

type LiveRow = { unsettled: boolean } & (EventRow | { event_id: null });

const toRecordedEvent = (row: EventRow): RecordedEvent => ({
  eventId: row.event_id,
  streamId: row.stream_id,
  revision: BigInt(row.revision),
  position: { txn: BigInt(row.txn), seq: BigInt(row.seq) },
  type: row.event_type,
  data: row.data,
  metadata: row.metadata,
  recordedAt: row.recorded_at,
});

const toAppendResult = (row: AppendRow): AppendResult => ({
  nextRevision: BigInt(row.revision),
  position: { txn: BigInt(row.txn), seq: BigInt(row.seq) },
});

const positionParams = (from: GlobalPosition) => [from.txn.toString(), from.seq.toString()];

const isUniqueViolation = (error: unknown, constraint: string): error is Error =>
  error instanceof Error &&
  'code' in error &&
  error.code === '23505' &&
  'constraint' in error &&
  error.constraint === constraint;

const checkBatchSize = (value: number, label: string) => {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${label} must be a positive integer, got ${value}`);
  }
};

/** The Postgres adapter of the event store (schema `es`, migration 1762999999999_event-store). */
export const createPostgresEventStore = (options: PostgresEventStoreOptions): EventStore => {
  const { pool } = options;
  const notify = options.notify ?? true;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const settleRetryMs = Math.min(pollIntervalMs, SETTLE_RETRY_MS);
  const closing = new AbortController();
  let listener: NotificationListener | null = null;
  let notifier: Notifier | null = null;

  const clientConfig = (role: string): pg.ClientConfig => ({
    ...(options.databaseUrl ? { connectionString: options.databaseUrl } : pool.options),
    application_name: `campus:es-${role}`,
  });
  const getListener = () =>
    (listener ??= createNotificationListener(clientConfig('listener'), EVENTS_CHANNEL));
  const getNotifier = () =>
    (notifier ??= createNotifier(clientConfig('notifier'), EVENTS_CHANNEL, NOTIFY_INTERVAL_MS));

  const assertOpen = () => {
    if (closing.signal.aborted) throw new Error('The event store is closed');
  };

  /**
   * Settles an append that came back without a row (its revision check failed) or failed on a
   * taken event id (`idTaken`): a retry of a stored append succeeds, anything else throws.
   */
  const settleRejected = async (
    streamId: string,
    events: readonly EventToAppend[],
    expected: ExpectedRevision,
    idTaken: Error | null,
  ): Promise<AppendResult> => {
    const { rows } = await pool.query<DiagnosisRow>({
      name: 'es-diagnose-append',
      text: DIAGNOSE_APPEND_SQL,
      values: [streamId, ...toEventArrays(events)],
    });
    const row = rows[0];
    if (row?.outcome === 'already_appended') {
      return {
        nextRevision: BigInt(row.next_revision ?? ''),
        position: { txn: BigInt(row.txn ?? ''), seq: BigInt(row.seq ?? '') },
      };
    }
    if (row?.outcome === 'duplicate_event_id') {
      throw new DuplicateEventIdError(row.conflicting_event_id ?? '');
    }
    if (idTaken) throw idTaken;
    throw new WrongExpectedRevisionError(
      streamId,
      expected,
      row?.actual_revision == null ? 'no_stream' : BigInt(row.actual_revision),
    );
  };

  /** One append in one statement (in autocommit); a rejected one is settled from the stored state. */
  const appendAlone = async (
    streamId: string,
    events: readonly EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> => {
    let row: AppendRow | undefined;
    try {
      row = (await pool.query<AppendRow>(appendQuery(streamId, events, expected))).rows[0];
    } catch (error) {
      // The revision check passed but an id is taken (by a committed append): a retry or a reuse.
      if (!isUniqueViolation(error, 'events_pkey')) throw error;
      return settleRejected(streamId, events, expected, error);
    }
    if (!row) return settleRejected(streamId, events, expected, null);
    return toAppendResult(row);
  };

  /**
   * A group of exact-revision appends in one statement. A member without a row failed its revision
   * check and is settled like a lone rejected append; if the statement fails (an id taken, a
   * deadlock with another process), each member is tried alone, so each gets its own answer.
   */
  const appendGroup = async (members: readonly PendingAppend[]) => {
    let rows: GroupRow[];
    try {
      rows = (await pool.query<GroupRow>(groupAppendQuery(members))).rows;
    } catch {
      await Promise.all(
        members.map((m) => appendAlone(m.streamId, m.events, m.expected).then(m.resolve, m.reject)),
      );
      return;
    }
    const byStream = new Map(rows.map((row) => [row.stream_id, row]));
    await Promise.all(
      members.map((m) => {
        const row = byStream.get(m.streamId);
        if (row) return Promise.resolve(m.resolve(toAppendResult(row)));
        return settleRejected(m.streamId, m.events, m.expected, null).then(m.resolve, m.reject);
      }),
    );
  };

  const groups = createAppendGroups({
    maxInFlight: MAX_APPEND_STATEMENTS,
    maxGroupSize: MAX_GROUP_SIZE,
    sendOne: (m) => appendAlone(m.streamId, m.events, m.expected),
    sendGroup: appendGroup,
  });

  const append: EventStore['append'] = async (streamId, events, appendOptions) => {
    assertOpen();
    const expected = appendOptions?.expectedRevision ?? 'any';
    // Refuses bad arguments before anything is queued; the statement itself is built when sent
    // (a grouped append never needs its lone statement, and its events are serialised once).
    checkAppend(events, expected);
    const ids = new Set<string>();
    for (const { eventId } of events) {
      if (ids.has(eventId)) throw new DuplicateEventIdError(eventId);
      ids.add(eventId);
    }
    const result =
      typeof expected === 'bigint'
        ? await groups.append({ streamId, events, expected })
        : await appendAlone(streamId, events, expected);
    if (notify && !closing.signal.aborted) getNotifier().notify();
    return result;
  };

  const readStream: EventStore['readStream'] = async (streamId) => {
    assertOpen();
    const { rows } = await pool.query<EventRow>({
      name: 'es-read-stream',
      text: READ_STREAM_SQL,
      values: [streamId],
    });
    return rows.map(toRecordedEvent);
  };

  const readAll: EventStore['readAll'] = async (readOptions: ReadAllOptions = {}) => {
    assertOpen();
    const max = readOptions.max;
    if (max !== undefined) {
      if (max === 0) return [];
      checkBatchSize(max, 'max');
    }
    const { rows } = await pool.query<EventRow>({
      name: 'es-read-all',
      text: READ_ALL_SQL,
      values: [...positionParams(readOptions.from ?? START_POSITION), max ?? null],
    });
    return rows.map(toRecordedEvent);
  };

  const readLive = async (from: GlobalPosition, max: number) => {
    const { rows } = await pool.query<LiveRow>({
      name: 'es-read-live',
      text: READ_LIVE_SQL,
      values: [...positionParams(from), max],
    });
    const events: RecordedEvent[] = [];
    for (const row of rows) if (row.event_id !== null) events.push(toRecordedEvent(row));
    return { events, unsettled: rows[0]?.unsettled ?? false };
  };

  async function* subscribeAll(
    subscribeOptions: SubscribeAllOptions = {},
  ): AsyncGenerator<RecordedEvent> {
    const batchSize = subscribeOptions.batchSize ?? DEFAULT_BATCH_SIZE;
    checkBatchSize(batchSize, 'batchSize');
    const signal = subscribeOptions.signal
      ? AbortSignal.any([subscribeOptions.signal, closing.signal])
      : closing.signal;
    // A function, not the property: the signal flips while this generator awaits.
    const stopped = () => signal.aborted;
    if (stopped()) return;

    let position = subscribeOptions.from ?? START_POSITION;
    let woken = false;
    let wakeUp: (() => void) | null = null;
    const wake = () => {
      woken = true;
      wakeUp?.();
    };
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        if (woken || stopped()) return resolve();
        const done = () => {
          clearTimeout(timer);
          wakeUp = null;
          resolve();
        };
        const timer = setTimeout(done, ms);
        wakeUp = done;
      });

    signal.addEventListener('abort', wake);
    const unlisten = notify ? getListener().add(wake) : undefined;
    try {
      while (!stopped()) {
        woken = false;
        let batch: Awaited<ReturnType<typeof readLive>>;
        try {
          batch = await readLive(position, batchSize);
        } catch (error) {
          if (stopped()) return;
          throw error;
        }
        for (const event of batch.events) {
          if (stopped()) return;
          yield event;
          position = event.position;
        }
        if (batch.events.length < batchSize) {
          await pause(batch.unsettled ? settleRetryMs : pollIntervalMs);
        }
      }
    } finally {
      signal.removeEventListener('abort', wake);
      unlisten?.();
    }
  }

  const headPosition: EventStore['headPosition'] = async () => {
    assertOpen();
    const { rows } = await pool.query<{ txn: string; seq: string }>({
      name: 'es-head',
      text: HEAD_SQL,
    });
    const row = rows[0];
    return row ? { txn: BigInt(row.txn), seq: BigInt(row.seq) } : START_POSITION;
  };

  return {
    append,
    readStream,
    readAll,
    subscribeAll,
    headPosition,
    // The pool belongs to the caller; the store ends its subscriptions and its own connections.
    close: async () => {
      closing.abort();
      await Promise.all([listener?.close(), notifier?.close()]);
    },
  };
};
