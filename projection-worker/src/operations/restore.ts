import type { GlobalPosition } from '@campus/contracts';
import type { Pool, PoolClient } from '@campus/infra';
import {
  BackupRestoreError,
  batchSizeOf,
  COUNT_NAMES,
  openBackup,
  verifyBackup,
  type BackupCounts,
  type DataRecord,
  type EventsProgress,
} from './backup-file';
import { rebuildMailOptOuts } from '../outbox/messages';

export type RestoreOptions = {
  /** The target database: migrated, its event store empty. */
  readonly pool: Pool;
  /** A file written by backupEventStore. */
  readonly from: string;
  /** Rows per INSERT statement. */
  readonly batchSize?: number;
  readonly onProgress?: (progress: EventsProgress) => void;
};

export type RestoreSummary = {
  readonly counts: BackupCounts;
  /** The restore's own transaction id: every restored event carries it. */
  readonly transactionId: bigint;
  /** The last restored event's position in this database (null: the backup held no events). */
  readonly head: GlobalPosition | null;
  /** The last event's position in the database backed up, `<txn>.<seq>`. */
  readonly sourceHead: string | null;
  readonly createdAt: string;
  /** Tables of the read model emptied for the rebuild. */
  readonly readModelTables: number;
  readonly durationMs: number;
};

export const DEFAULT_RESTORE_BATCH_SIZE = 2_000;

/** What a restore writes; each must be empty before it (the event store's own tables first). */
const TARGET_TABLES = [
  'es.events',
  'es.streams',
  'pii.subject_keys',
  'pii.erasures',
  'outbox.messages',
] as const;

const INSERT_SQL: Record<DataRecord['t'], string> = {
  // The position is given (the backup's order, numbered from 1); the transaction id is left to its
  // default, pg_current_xact_id(): the restore's own.
  event: `INSERT INTO es.events (global_position, stream_id, stream_revision, event_id, event_type,
      data, metadata, recorded_at) OVERRIDING SYSTEM VALUE
    SELECT $1::bigint + e.ord, e.stream_id, e.revision, e.event_id, e.event_type, e.data,
      e.metadata, e.recorded_at
      FROM unnest($2::text[], $3::bigint[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[],
        $8::timestamptz[]) WITH ORDINALITY
        AS e(stream_id, revision, event_id, event_type, data, metadata, recorded_at, ord)
     ORDER BY e.ord`,
  stream: `INSERT INTO es.streams (stream_id, revision)
    SELECT * FROM unnest($1::text[], $2::bigint[])`,
  subjectKey: `INSERT INTO pii.subject_keys (subject, key, created_at)
    SELECT s.subject, decode(s.key, 'base64'), s.created_at
      FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS s(subject, key, created_at)`,
  erasure: `INSERT INTO pii.erasures (subject, erased_at)
    SELECT * FROM unnest($1::text[], $2::timestamptz[])`,
  outboxMessage: `INSERT INTO outbox.messages (id, kind, user_id, payload, created_at, status,
      attempts, next_attempt_at, last_error, sent_at)
    SELECT * FROM unnest($1::text[], $2::text[], $3::uuid[], $4::jsonb[], $5::timestamptz[],
      $6::text[], $7::integer[], $8::timestamptz[], $9::text[], $10::timestamptz[])`,
};

/** The fields of each record, in the order of its INSERT's arrays. */
const FIELDS: Record<DataRecord['t'], readonly string[]> = {
  event: ['stream', 'revision', 'id', 'type', 'data', 'metadata', 'recordedAt'],
  stream: ['stream', 'revision'],
  subjectKey: ['subject', 'key', 'createdAt'],
  erasure: ['subject', 'erasedAt'],
  outboxMessage: [
    'id',
    'kind',
    'userId',
    'payload',
    'createdAt',
    'status',
    'attempts',
    'nextAttemptAt',
    'lastError',
    'sentAt',
  ],
};
const NULLABLE = new Set(['lastError', 'sentAt']);

const DIGITS = /^\d{1,20}$/;

const fieldOf = (record: Record<string, unknown>, field: string): string | number | null => {
  const value = record[field];
  if (typeof value === 'string') return value;
  if (field === 'attempts' && typeof value === 'number' && Number.isSafeInteger(value))
    return value;
  if (value === null && NULLABLE.has(field)) return null;
  throw new BackupRestoreError(
    `A ${String(record['t'])} record of the backup has no valid ${field}`,
  );
};

const position = (record: Record<string, unknown>): GlobalPosition => {
  const txn = record['txn'];
  const seq = record['seq'];
  if (
    typeof txn !== 'string' ||
    typeof seq !== 'string' ||
    !DIGITS.test(txn) ||
    !DIGITS.test(seq)
  ) {
    throw new BackupRestoreError('An event record of the backup has no valid position');
  }
  return { txn: BigInt(txn), seq: BigInt(seq) };
};

const tablesWithRows = async (client: PoolClient): Promise<string[]> => {
  const { rows } = await client.query<{ table: string }>(
    TARGET_TABLES.map((t) => `SELECT '${t}' AS table WHERE EXISTS (SELECT 1 FROM ${t})`).join(
      ' UNION ALL ',
    ),
  );
  return rows.map((r) => r.table);
};

/** Refuses a database without the product's migrations, or without the backup's newest one. */
const checkSchema = async (client: PoolClient, migration: string | null) => {
  const { rows } = await client.query<{ migrations: boolean; events: boolean }>(
    `SELECT to_regclass('public.migrations') IS NOT NULL AS migrations,
            to_regclass('es.events') IS NOT NULL AS events`,
  );
  if (!rows[0]?.migrations || !rows[0].events) {
    throw new BackupRestoreError(
      'The database has no event store: apply the migrations first (npm run migrate)',
    );
  }
  if (migration === null) return;
  const { rowCount } = await client.query('SELECT 1 FROM public.migrations WHERE name = $1', [
    migration,
  ]);
  if (!rowCount) {
    throw new BackupRestoreError(
      `The backup was made at migration ${migration}, which this database does not have: ` +
        'restore with the code the backup was made with, or a newer one, and migrate first',
    );
  }
};

/** Every table of the read model, emptied: its checkpoints go too, so it is rebuilt by replay. */
const emptyReadModel = async (client: PoolClient): Promise<number> => {
  const { rows } = await client.query<{ name: string }>(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'read' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  if (rows.length) {
    await client.query(`TRUNCATE ${rows.map((r) => r.name).join(', ')} RESTART IDENTITY`);
  }
  return rows.length;
};

/**
 * Loads a backup into an empty event store, in one transaction, as if that transaction had
 * appended every event: each restored event gets the restore's own transaction id and a new
 * position numbered from 1 in the backup's global order ((transaction id, position) in the
 * source). Readers hand events out only below the oldest running transaction, in (transaction
 * id, position) order; the source's transaction ids mean nothing to this cluster's counter, which
 * may be far below them (every restored event hidden from readers, and new appends sorted before
 * them) or above. After the commit, the restored events are settled at once and every new
 * append sorts after them (docs/adr/0015-backup-restore-and-xid8.md).
 *
 * In the same transaction: the streams, personal-data keys, erasures and outbox messages are
 * loaded as they were, the read model is emptied (rebuilt by a replay), and the outbox's
 * checkpoint is set to the restored head, so no restored event is mailed again, and its copy of
 * everyone's mail preferences is set from the restored events. The tables it
 * writes are locked (EXCLUSIVE) from the start, so nothing appends in between; readers wait for
 * nothing.
 */
export const restoreEventStore = async (options: RestoreOptions): Promise<RestoreSummary> => {
  const { pool, from } = options;
  const batchSize = batchSizeOf(options.batchSize, DEFAULT_RESTORE_BATCH_SIZE);
  const started = Date.now();
  // A damaged or cut-off file is refused before the target is locked or written.
  await verifyBackup(from);
  const backup = await openBackup(from);
  const { header } = backup;
  let client: PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    backup.close();
    throw error;
  }
  let broken = false;
  try {
    await client.query('BEGIN');
    // Reading the file between statements is quick, but a large restore is one long transaction.
    await client.query('SET LOCAL idle_in_transaction_session_timeout = 0');
    await client.query("SET LOCAL lock_timeout = '10s'");
    await checkSchema(client, header.migration);
    await client.query(
      `LOCK TABLE ${TARGET_TABLES.join(', ')}, outbox.checkpoint IN EXCLUSIVE MODE`,
    );
    const taken = await tablesWithRows(client);
    if (taken.length) {
      throw new BackupRestoreError(
        `The database is not empty (${taken.join(', ')} hold rows): a restore goes only into ` +
          'a migrated database whose event store is empty',
      );
    }

    const pending = new Map<DataRecord['t'], Record<string, unknown>[]>();
    let events = 0;
    let last: GlobalPosition | null = null;
    const total = header.counts.events;
    options.onProgress?.({ events, total });

    const flush = async (type: DataRecord['t']) => {
      const rows = pending.get(type);
      if (!rows?.length) return;
      pending.set(type, []);
      const columns = FIELDS[type].map((field) => rows.map((r) => fieldOf(r, field)));
      await client.query(INSERT_SQL[type], type === 'event' ? [events, ...columns] : columns);
      if (type === 'event') {
        events += rows.length;
        options.onProgress?.({ events, total });
      }
    };

    for await (const record of backup.records()) {
      const row = record as unknown as Record<string, unknown>;
      if (record.t === 'event') {
        const at = position(row);
        if (last && (at.txn < last.txn || (at.txn === last.txn && at.seq <= last.seq))) {
          throw new BackupRestoreError('The backup holds its events out of their global order');
        }
        last = at;
      }
      let rows = pending.get(record.t);
      if (!rows) pending.set(record.t, (rows = []));
      rows.push(row);
      if (rows.length >= batchSize) await flush(record.t);
    }
    for (const type of pending.keys()) await flush(type);

    const { rows: stored } = await client.query<{
      events: number;
      own: number;
      max_position: string | null;
      streams: number;
      subject_keys: number;
      erasures: number;
      outbox_messages: number;
      bad_streams: number;
      txn: string;
    }>(`SELECT (SELECT count(*) FROM es.events)::float8 AS events,
        (SELECT count(*) FROM es.events WHERE transaction_id = pg_current_xact_id())::float8 AS own,
        (SELECT max(global_position)::text FROM es.events) AS max_position,
        (SELECT count(*) FROM es.streams)::float8 AS streams,
        (SELECT count(*) FROM pii.subject_keys)::float8 AS subject_keys,
        (SELECT count(*) FROM pii.erasures)::float8 AS erasures,
        (SELECT count(*) FROM outbox.messages)::float8 AS outbox_messages,
        (SELECT count(*) FROM (SELECT stream_id, max(stream_revision) AS revision,
                                      count(*) AS n, min(stream_revision) AS first
                                 FROM es.events GROUP BY stream_id) e
           FULL JOIN es.streams s USING (stream_id)
          WHERE s.revision IS DISTINCT FROM e.revision OR e.first <> 0
             OR e.n <> e.revision + 1)::float8 AS bad_streams,
        pg_current_xact_id()::text AS txn`);
    const check = stored[0];
    if (!check) throw new Error('no counts');
    const counts: BackupCounts = {
      events: check.events,
      streams: check.streams,
      subjectKeys: check.subject_keys,
      erasures: check.erasures,
      outboxMessages: check.outbox_messages,
    };
    for (const name of COUNT_NAMES) {
      if (counts[name] !== header.counts[name]) {
        throw new BackupRestoreError(
          `Restored ${String(counts[name])} ${name} of the backup's ${String(header.counts[name])}`,
        );
      }
    }
    if (check.own !== check.events || check.max_position !== (events ? String(events) : null)) {
      throw new BackupRestoreError(
        'The restored events did not get the restore transaction and positions 1…n',
      );
    }
    if (check.bad_streams) {
      throw new BackupRestoreError(
        `The backup's streams disagree with its events (${String(check.bad_streams)} streams): not restored`,
      );
    }
    const transactionId = BigInt(check.txn);
    const head = events ? { txn: transactionId, seq: BigInt(events) } : null;
    if (head) {
      // The identity continues after the restored positions.
      await client.query(
        `SELECT setval(pg_get_serial_sequence('es.events', 'global_position'), $1)`,
        [head.seq.toString()],
      );
      await client.query(
        `INSERT INTO outbox.checkpoint (id, txn, seq, updated_at) VALUES (true, $1, $2, now())
         ON CONFLICT (id) DO UPDATE SET txn = EXCLUDED.txn, seq = EXCLUDED.seq, updated_at = now()`,
        [head.txn.toString(), head.seq.toString()],
      );
    } else {
      // Nothing to skip: the outbox starts from the head when it first runs.
      await client.query('DELETE FROM outbox.checkpoint');
    }
    // The outbox obeys the restored mail preferences from its first message on.
    await rebuildMailOptOuts(client);
    const readModelTables = await emptyReadModel(client);
    await client.query('COMMIT');
    return {
      counts,
      transactionId,
      head,
      sourceHead: header.head,
      createdAt: header.createdAt,
      readModelTables,
      durationMs: Date.now() - started,
    };
  } catch (error) {
    broken = true;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    backup.close();
    client.release(broken);
  }
};
