import { rename, rm, stat } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { Pool, PoolClient } from '@campus/infra';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupRestoreError,
  batchSizeOf,
  createLineHasher,
  utcText,
  type BackupCounts,
  type DataRecord,
  type EventsProgress,
  type HeaderRecord,
} from './backup-file';

export type BackupOptions = {
  readonly pool: Pool;
  /** The file to write; it must not exist yet (written as `<out>.partial`, renamed when complete). */
  readonly out: string;
  /** Rows fetched per round trip. */
  readonly batchSize?: number;
  readonly onProgress?: (progress: EventsProgress) => void;
};

export type BackupSummary = {
  readonly file: string;
  readonly bytes: number;
  readonly counts: BackupCounts;
  /** The last event's position in the source, `<txn>.<seq>` (null: no events). */
  readonly head: string | null;
  readonly sha256: string;
  readonly durationMs: number;
};

export const DEFAULT_BACKUP_BATCH_SIZE = 5_000;

const COUNTS_SQL = `SELECT (SELECT count(*) FROM es.events)::float8 AS events,
  (SELECT count(*) FROM es.streams)::float8 AS streams,
  (SELECT count(*) FROM pii.subject_keys)::float8 AS subject_keys,
  (SELECT count(*) FROM pii.erasures)::float8 AS erasures,
  (SELECT count(*) FROM outbox.messages)::float8 AS outbox_messages,
  (SELECT transaction_id::text || '.' || global_position::text FROM es.events
    ORDER BY transaction_id DESC, global_position DESC LIMIT 1) AS head,
  (SELECT name FROM public.migrations ORDER BY name DESC LIMIT 1) AS migration`;

/** Each table's rows as records, in a stable order (the events in global order). */
const SECTIONS: readonly { readonly sql: string; readonly toRecord: (row: never) => DataRecord }[] =
  [
    {
      sql: `SELECT transaction_id::text AS txn, global_position::text AS seq, stream_id,
        stream_revision::text AS revision, event_id::text, event_type, data::text AS data,
        metadata::text AS metadata, ${utcText('recorded_at')} AS recorded_at
      FROM es.events ORDER BY transaction_id, global_position`,
      toRecord: (r: Record<string, string>) => ({
        t: 'event',
        txn: r['txn'] ?? '',
        seq: r['seq'] ?? '',
        stream: r['stream_id'] ?? '',
        revision: r['revision'] ?? '',
        id: r['event_id'] ?? '',
        type: r['event_type'] ?? '',
        data: r['data'] ?? '',
        metadata: r['metadata'] ?? '',
        recordedAt: r['recorded_at'] ?? '',
      }),
    },
    {
      sql: 'SELECT stream_id, revision::text AS revision FROM es.streams ORDER BY stream_id',
      toRecord: (r: Record<string, string>) => ({
        t: 'stream',
        stream: r['stream_id'] ?? '',
        revision: r['revision'] ?? '',
      }),
    },
    {
      sql: `SELECT subject, encode(key, 'base64') AS key, ${utcText('created_at')} AS created_at
      FROM pii.subject_keys ORDER BY subject`,
      toRecord: (r: Record<string, string>) => ({
        t: 'subjectKey',
        subject: r['subject'] ?? '',
        // encode(…, 'base64') breaks lines every 76 characters.
        key: (r['key'] ?? '').replaceAll('\n', ''),
        createdAt: r['created_at'] ?? '',
      }),
    },
    {
      sql: `SELECT subject, ${utcText('erased_at')} AS erased_at FROM pii.erasures ORDER BY subject`,
      toRecord: (r: Record<string, string>) => ({
        t: 'erasure',
        subject: r['subject'] ?? '',
        erasedAt: r['erased_at'] ?? '',
      }),
    },
    {
      sql: `SELECT id, kind, user_id::text, payload::text AS payload, ${utcText('created_at')} AS created_at,
        status, attempts, ${utcText('next_attempt_at')} AS next_attempt_at, last_error,
        ${utcText('sent_at')} AS sent_at
      FROM outbox.messages ORDER BY id`,
      toRecord: (r: Record<string, string | number | null>) => ({
        t: 'outboxMessage',
        id: String(r['id']),
        kind: String(r['kind']),
        userId: String(r['user_id']),
        payload: String(r['payload']),
        createdAt: String(r['created_at']),
        status: String(r['status']),
        attempts: Number(r['attempts']),
        nextAttemptAt: String(r['next_attempt_at']),
        lastError: r['last_error'] === null ? null : String(r['last_error']),
        sentAt: r['sent_at'] === null ? null : String(r['sent_at']),
      }),
    },
  ];

/** Every row of `sql` through a cursor of the caller's transaction, `batchSize` rows a round trip. */
async function* cursorRows(
  client: PoolClient,
  sql: string,
  batchSize: number,
): AsyncGenerator<Record<string, unknown>[]> {
  // Not closed on failure: the transaction ends it with the rest.
  await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR ${sql}`);
  for (;;) {
    const { rows } = await client.query<Record<string, unknown>>(
      `FETCH FORWARD ${String(batchSize)} FROM backup_rows`,
    );
    if (!rows.length) break;
    yield rows;
  }
  await client.query('CLOSE backup_rows');
}

const fileExists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/**
 * Writes the event store of `pool`'s database to `out` as of one snapshot: one REPEATABLE READ,
 * READ ONLY transaction, so the events, the streams, the personal-data keys, the erasures and the
 * outbox's messages agree with each other. The transaction never gets a transaction id, so it
 * does not hold back the store's subscribers however long it runs (it only holds back vacuum).
 * Everything streams: one batch of rows in memory at a time.
 */
export const backupEventStore = async (options: BackupOptions): Promise<BackupSummary> => {
  const { pool, out } = options;
  const batchSize = batchSizeOf(options.batchSize, DEFAULT_BACKUP_BATCH_SIZE);
  if (await fileExists(out)) {
    throw new BackupRestoreError(`${out} exists already; choose a new file name`);
  }
  const partial = `${out}.partial`;
  // What an interrupted backup left behind.
  await rm(partial, { force: true });
  const started = Date.now();
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    // A slow destination may pause the reads for a while; the snapshot stays open meanwhile.
    await client.query('SET LOCAL idle_in_transaction_session_timeout = 0');
    const { rows } = await client.query<{
      events: number;
      streams: number;
      subject_keys: number;
      erasures: number;
      outbox_messages: number;
      head: string | null;
      migration: string | null;
    }>(COUNTS_SQL);
    const row = rows[0];
    if (!row) throw new Error('no counts');
    const counts: BackupCounts = {
      events: row.events,
      streams: row.streams,
      subjectKeys: row.subject_keys,
      erasures: row.erasures,
      outboxMessages: row.outbox_messages,
    };
    const header: HeaderRecord = {
      t: 'header',
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migration: row.migration,
      head: row.head,
      counts,
    };
    const hasher = createLineHasher();
    const summary = { sha256: '' };
    let events = 0;
    options.onProgress?.({ events, total: counts.events });

    async function* lines(): AsyncGenerator<string> {
      yield hasher.line(header);
      for (const section of SECTIONS) {
        for await (const batch of cursorRows(client, section.sql, batchSize)) {
          let text = '';
          for (const r of batch) text += hasher.line(section.toRecord(r as never));
          yield text;
          if (section === SECTIONS[0]) {
            events += batch.length;
            options.onProgress?.({ events, total: counts.events });
          }
        }
      }
      const sha256 = hasher.digest();
      summary.sha256 = sha256;
      yield `${JSON.stringify({ t: 'end', counts, sha256 })}\n`;
    }

    try {
      await pipeline(
        Readable.from(lines()),
        createGzip(),
        // Holds the personal-data keys: readable by its owner only.
        createWriteStream(partial, { mode: 0o600, flags: 'wx' }),
      );
      await client.query('COMMIT');
      await rename(partial, out);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return {
      file: out,
      bytes: (await stat(out)).size,
      counts,
      head: row.head,
      sha256: summary.sha256,
      durationMs: Date.now() - started,
    };
  } catch (error) {
    broken = true;
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release(broken);
  }
};
