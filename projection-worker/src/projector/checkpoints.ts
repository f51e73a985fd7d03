import {
  formatPosition,
  maxPosition,
  START_POSITION,
  type GlobalPosition,
} from '@campus/contracts';
import type { Pool, PoolClient } from '@campus/infra';
import { LIVE_SCHEMA, type ReadSchema } from '@campus/read-model';

export const VISIBLE_CHANNEL = 'read_visible';

type CheckpointRow = { txn: string; seq: string };
type StateRow = CheckpointRow & { projection: string; vtxn: string; vseq: string };

type CheckpointState = { committed: GlobalPosition; visible: GlobalPosition };

/** The checkpoints table of `schema`, or the one the transaction's search path names. */
const checkpointsTable = (schema: ReadSchema | null) =>
  schema ? `${schema}.checkpoints` : 'checkpoints';

const checkpointStatesSql = (schema: ReadSchema | null) =>
  `SELECT projection, txn, seq, visible_txn AS vtxn, visible_seq AS vseq
     FROM ${checkpointsTable(schema)} WHERE projection = ANY($1::text[])`;

const toStates = (rows: readonly StateRow[]): Map<string, CheckpointState> =>
  new Map(
    rows.map((r) => [
      r.projection,
      {
        committed: { txn: BigInt(r.txn), seq: BigInt(r.seq) },
        visible: { txn: BigInt(r.vtxn), seq: BigInt(r.vseq) },
      },
    ]),
  );

/** The committed and visible positions of each projection, read in the caller's transaction. */
export const checkpointStatesIn = async (
  client: PoolClient,
  projections: readonly string[],
): Promise<Map<string, CheckpointState>> => {
  const { rows } = await client.query<StateRow>(checkpointStatesSql(null), [projections]);
  return toStates(rows);
};

/**
 * The committed and the visible (boards written too) position of each projection, when stored:
 * one statement, no transaction of its own.
 */
export const readCheckpointStates = async (
  pool: Pool | PoolClient,
  projections: readonly string[],
  schema: ReadSchema = LIVE_SCHEMA,
): Promise<Map<string, CheckpointState>> => {
  const { rows } = await pool.query<StateRow>(checkpointStatesSql(schema), [projections]);
  return toStates(rows);
};

/** One projection's committed position (START_POSITION when it never ran). */
export const readCheckpoint = async (
  pool: Pool,
  projection: string,
  schema: ReadSchema = LIVE_SCHEMA,
): Promise<GlobalPosition> =>
  (await readCheckpointStates(pool, [projection], schema)).get(projection)?.committed ??
  START_POSITION;

/**
 * The checkpoints this projector holds in memory no longer match the stored ones: a replay swapped
 * its read model in, or (CheckpointMovedError) another projector committed the batch first. The
 * projector starts again from the stored checkpoints. Re-exported by read-model-lock.ts.
 */
export class ReadModelSwappedError extends Error {
  override readonly name: string = 'ReadModelSwappedError';
  constructor(
    readonly projection: string,
    message = `The stored checkpoint of ${projection} moved under the projector (a replay was swapped in)`,
  ) {
    super(message);
  }
}

/**
 * A batch's checkpoint write found another checkpoint than the one the batch started from: its
 * transaction rolls back, nothing of the batch is written.
 */
export class CheckpointMovedError extends ReadModelSwappedError {
  override readonly name: string = 'CheckpointMovedError';
  constructor(projection: string) {
    super(
      projection,
      `The stored checkpoint of ${projection} is no longer the one this batch started from ` +
        '(another projector or a replay moved it); the batch is rolled back',
    );
  }
}

/**
 * A compare-and-set of each projection's checkpoint from `expected` (the position this batch
 * started from; START_POSITION: no checkpoint row yet, inserted here) to `next`. Rows are locked
 * as they are written: a second transaction moving the same checkpoint waits for the first, then
 * finds the committed row no longer matching and writes nothing. With $6 true (a batch visible
 * on commit) the same rows' visible position moves up to the batch's last position ($7, $8) and
 * the query services are notified ($9, $10) at commit: one round trip for both.
 */
const VISIBLE_MOVES = '$6::boolean AND (c.visible_txn, c.visible_seq) < ($7::numeric, $8::numeric)';
const casCheckpointsSql = `WITH e AS (
    SELECT * FROM unnest($1::text[], $2::numeric[], $3::numeric[], $4::numeric[], $5::numeric[])
      AS e(projection, etxn, eseq, ntxn, nseq)
  ), moved AS (
    UPDATE checkpoints c SET txn = e.ntxn, seq = e.nseq, updated_at = now(),
           visible_txn = CASE WHEN ${VISIBLE_MOVES} THEN $7::numeric ELSE c.visible_txn END,
           visible_seq = CASE WHEN ${VISIBLE_MOVES} THEN $8::numeric ELSE c.visible_seq END
      FROM e
     WHERE c.projection = e.projection AND (e.etxn, e.eseq) <> (0, 0)
       AND (c.txn, c.seq) = (e.etxn, e.eseq)
    RETURNING c.projection
  ), first AS (
    INSERT INTO checkpoints AS c (projection, txn, seq, visible_txn, visible_seq, updated_at)
      SELECT projection, ntxn, nseq,
             CASE WHEN $6::boolean THEN $7::numeric ELSE 0 END,
             CASE WHEN $6::boolean THEN $8::numeric ELSE 0 END, now()
        FROM e WHERE (etxn, eseq) = (0, 0)
    ON CONFLICT (projection) DO UPDATE SET txn = EXCLUDED.txn, seq = EXCLUDED.seq, updated_at = now(),
           visible_txn = CASE WHEN ${VISIBLE_MOVES} THEN $7::numeric ELSE c.visible_txn END,
           visible_seq = CASE WHEN ${VISIBLE_MOVES} THEN $8::numeric ELSE c.visible_seq END
     WHERE (c.txn, c.seq) = (0, 0)
    RETURNING c.projection
  ), written AS (SELECT projection FROM moved UNION ALL SELECT projection FROM first)
  SELECT projection, (SELECT pg_notify($9, $10) WHERE $6::boolean) AS notified FROM written`;

/**
 * Written in the batch's transaction, so rows and checkpoint commit together; a fence against a
 * second projector. Each projection's checkpoint moves from the one the batch started from
 * (`expected[i]`) to the batch's last `position`, only if it is still stored so; otherwise this
 * throws CheckpointMovedError and the caller's transaction rolls back, leaving nothing of the
 * batch. Never moves a checkpoint back: a projection that is ahead of the batch (it skipped the
 * batch's events) keeps its own. Without `expected`, the projections have no checkpoint yet (a
 * replay's first write into its fresh shadow): a row already there is another writer's.
 *
 * With `visible` (a live batch that writes no board: its rows are all there is to see) the
 * visible position moves to `position` in the same statement and the query services are woken
 * when the transaction commits.
 */
export const writeCheckpoints = async (
  client: PoolClient,
  projections: readonly string[],
  position: GlobalPosition,
  expected: readonly GlobalPosition[] = projections.map(() => START_POSITION),
  options: { readonly visible?: boolean } = {},
) => {
  if (expected.length !== projections.length) {
    throw new Error('writeCheckpoints: one expected checkpoint per projection');
  }
  const next = expected.map((e) => maxPosition(e, position));
  const { rows } = await client.query<{ projection: string }>(casCheckpointsSql, [
    projections,
    expected.map((e) => e.txn.toString()),
    expected.map((e) => e.seq.toString()),
    next.map((n) => n.txn.toString()),
    next.map((n) => n.seq.toString()),
    options.visible === true,
    position.txn.toString(),
    position.seq.toString(),
    VISIBLE_CHANNEL,
    formatPosition(position),
  ]);
  if (rows.length === projections.length) return;
  const written = new Set(rows.map((r) => r.projection));
  throw new CheckpointMovedError(projections.find((p) => !written.has(p)) ?? '');
};

const markVisibleSql = (schema: ReadSchema | null) =>
  `UPDATE ${checkpointsTable(schema)} SET visible_txn = $2, visible_seq = $3
    WHERE projection = ANY($1::text[]) AND (visible_txn, visible_seq) < ($2, $3)`;

/** The move and the notification that wakes the query services' read-your-writes waits. */
const markVisibleAndNotifySql = (schema: ReadSchema | null) =>
  `WITH moved AS (${markVisibleSql(schema)}) SELECT pg_notify($4, $5)`;

const markVisibleParams = (projections: readonly string[], position: GlobalPosition) => [
  projections,
  position.txn.toString(),
  position.seq.toString(),
  VISIBLE_CHANNEL,
  formatPosition(position),
];

/**
 * After the batch's Redis writes: reads may now rely on it (read-your-writes). Never moves back.
 * Only the live schema wakes the query services (a shadow is not read until it is swapped in).
 * One statement in autocommit: the notification is delivered once the move has committed.
 */
export const markVisible = async (
  pool: Pool,
  projections: readonly string[],
  position: GlobalPosition,
  schema: ReadSchema = LIVE_SCHEMA,
) => {
  const params = markVisibleParams(projections, position);
  if (schema === LIVE_SCHEMA) await pool.query(markVisibleAndNotifySql(schema), params);
  else await pool.query(markVisibleSql(schema), params.slice(0, 3));
};
