import type { EventToAppend, ExpectedRevision } from '@campus/contracts';

/**
 * One append = one statement, run in autocommit: bump the stream's revision in es.streams (the
 * optimistic concurrency check), then insert the events in batch order. It returns the last
 * event's row, or no row when the revision check failed (es.diagnose_append then says why).
 *
 * 'any', 'stream_exists' and 'no_stream' cannot lose to a concurrent append the way an exact
 * revision does, so they queue on a per-stream advisory lock before their first write (which
 * assigns the transaction id): queued on the row instead, the later revision could get the lower
 * transaction id, and global order, (transaction_id, global_position), would disagree with
 * stream order. A waiting exact-revision append fails its check anyway.
 */
type Kind = 'exact' | 'stream_exists' | 'any' | 'no_stream';

const LOCK = `stream_lock AS (SELECT pg_advisory_xact_lock(7402, hashtext($1::text)))`;

// $1 stream id, $2 number of events, $3 expected revision ('exact' only).
const STREAM_STEP: Record<Kind, string> = {
  exact: `stream_step AS (UPDATE es.streams SET revision = revision + $2::bigint
    WHERE stream_id = $1::text AND revision = $3::bigint RETURNING revision)`,
  stream_exists: `${LOCK}, stream_step AS (UPDATE es.streams SET revision = revision + $2::bigint
    FROM stream_lock WHERE stream_id = $1::text RETURNING revision)`,
  any: `${LOCK}, stream_step AS (INSERT INTO es.streams AS s (stream_id, revision)
    SELECT $1::text, $2::bigint - 1 FROM stream_lock
    ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + $2::bigint RETURNING s.revision)`,
  no_stream: `${LOCK}, stream_step AS (INSERT INTO es.streams (stream_id, revision)
    SELECT $1::text, $2::bigint - 1 FROM stream_lock
    ON CONFLICT (stream_id) DO NOTHING RETURNING revision)`,
};

const INSERT_COLUMNS =
  'es.events (stream_id, stream_revision, event_id, event_type, data, metadata)';
const RESULT =
  'transaction_id::text AS txn, global_position::text AS seq, stream_revision::text AS revision';

const singleInsert = (first: number) => `appended AS (INSERT INTO ${INSERT_COLUMNS}
    SELECT $1::text, revision, $${first}::uuid, $${first + 1}::text, $${first + 2}::jsonb,
      $${first + 3}::jsonb FROM stream_step
    RETURNING transaction_id, global_position, stream_revision)
  SELECT ${RESULT} FROM appended`;

const batchInsert = (first: number) => `appended AS (INSERT INTO ${INSERT_COLUMNS}
    SELECT $1::text, s.revision - $2::bigint + e.ord, e.event_id, e.event_type, e.data, e.metadata
      FROM stream_step s, unnest($${first}::uuid[], $${first + 1}::text[], $${first + 2}::jsonb[],
        $${first + 3}::jsonb[]) WITH ORDINALITY AS e(event_id, event_type, data, metadata, ord)
     ORDER BY e.ord
    RETURNING transaction_id, global_position, stream_revision)
  SELECT ${RESULT} FROM appended ORDER BY global_position DESC LIMIT 1`;

const statements = new Map<string, string>();
const statementText = (kind: Kind, batch: boolean) => {
  const name = `es-append-${kind}${batch ? '-batch' : ''}`;
  let text = statements.get(name);
  if (!text) {
    const first = kind === 'exact' ? 4 : 3;
    text = `WITH ${STREAM_STEP[kind]},\n  ${batch ? batchInsert(first) : singleInsert(first)}`;
    statements.set(name, text);
  }
  return { name, text };
};

export type AppendRow = { txn: string; seq: string; revision: string };

/** The events as es.diagnose_append and batch appends take them: parallel arrays. */
export const toEventArrays = (events: readonly EventToAppend[]) => [
  events.map((e) => e.eventId),
  events.map((e) => e.type),
  events.map((e) => JSON.stringify(e.data)),
  events.map((e) => JSON.stringify(e.metadata)),
];

/** Refuses what no append statement can take: no events, a negative revision. */
export const checkAppend = (events: readonly EventToAppend[], expected: ExpectedRevision) => {
  if (events.length === 0) throw new RangeError('append needs at least one event');
  if (typeof expected === 'bigint' && expected < 0n) {
    throw new RangeError(`Expected revision must not be negative: ${expected}`);
  }
};

/** The statement appending `events` to `streamId` (a prepared statement per shape). */
export const appendQuery = (
  streamId: string,
  events: readonly EventToAppend[],
  expected: ExpectedRevision,
) => {
  checkAppend(events, expected);
  const kind: Kind = typeof expected === 'bigint' ? 'exact' : expected;
  const single = events.length === 1 ? events[0] : undefined;
  const eventValues = single
    ? [single.eventId, single.type, JSON.stringify(single.data), JSON.stringify(single.metadata)]
    : toEventArrays(events);
  return {
    ...statementText(kind, !single),
    values: [
      streamId,
      events.length,
      ...(typeof expected === 'bigint' ? [expected.toString()] : []),
      ...eventValues,
    ],
  };
};

/** One append of a group: its stream, its events and the exact revision it expects. */
export type GroupMember = {
  readonly streamId: string;
  readonly events: readonly EventToAppend[];
  readonly expected: bigint;
};

export type GroupRow = AppendRow & { stream_id: string };

/**
 * Appends of several streams (one append per stream), each with its own exact revision check, in
 * one statement and one transaction: a stream whose revision does not match writes nothing and
 * returns no row, the others are appended. One row per appended stream, its last event's.
 */
const GROUP_SQL = `WITH input AS (
    SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS i(stream_id, expected, n)
  ), stream_step AS (UPDATE es.streams s SET revision = s.revision + i.n
      FROM input i WHERE s.stream_id = i.stream_id AND s.revision = i.expected
    RETURNING s.stream_id, s.revision, i.n
  ), appended AS (INSERT INTO ${INSERT_COLUMNS}
    SELECT e.stream_id, s.revision - s.n + e.k, e.event_id, e.event_type, e.data, e.metadata
      FROM unnest($4::text[], $5::bigint[], $6::uuid[], $7::text[], $8::jsonb[], $9::jsonb[])
        WITH ORDINALITY AS e(stream_id, k, event_id, event_type, data, metadata, ord)
      JOIN stream_step s ON s.stream_id = e.stream_id
     ORDER BY e.ord
    RETURNING stream_id, transaction_id, global_position, stream_revision)
  SELECT DISTINCT ON (stream_id) stream_id, ${RESULT} FROM appended
   ORDER BY stream_id, global_position DESC`;

/** The statement appending a group of exact-revision appends to distinct streams. */
export const groupAppendQuery = (members: readonly GroupMember[]) => {
  const events = members.flatMap((m) => m.events.map((event, i) => ({ m, event, k: i + 1 })));
  return {
    name: 'es-append-group',
    text: GROUP_SQL,
    values: [
      members.map((m) => m.streamId),
      members.map((m) => m.expected.toString()),
      members.map((m) => String(m.events.length)),
      events.map((e) => e.m.streamId),
      events.map((e) => String(e.k)),
      ...toEventArrays(events.map((e) => e.event)),
    ],
  };
};
