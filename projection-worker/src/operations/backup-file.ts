import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';

/**
 * The backup file of the Postgres event store (docs/adr/0015-backup-restore-and-xid8.md): gzip of
 * newline-delimited JSON, one record a line. The first line is the header, the last the end
 * record with the SHA-256 of every line before it (each with its newline), uncompressed. In
 * between: the events in global order, then the streams, the personal-data keys, the erasures and
 * the outbox's messages. Values that must come back exactly travel as text: 64-bit numbers as
 * decimal strings, jsonb as its JSON text, timestamps with microseconds in UTC, keys in base64.
 */
export const BACKUP_FORMAT = 'campus-event-store-backup';
export const BACKUP_VERSION = 1;

export type BackupCounts = {
  readonly events: number;
  readonly streams: number;
  readonly subjectKeys: number;
  readonly erasures: number;
  readonly outboxMessages: number;
};

export const COUNT_NAMES: readonly (keyof BackupCounts)[] = [
  'events',
  'streams',
  'subjectKeys',
  'erasures',
  'outboxMessages',
];

export type HeaderRecord = {
  readonly t: 'header';
  readonly format: typeof BACKUP_FORMAT;
  readonly version: number;
  readonly createdAt: string;
  /** The newest migration of the database backed up: a restore needs it applied. */
  readonly migration: string | null;
  /** The last event's position in the source, `<txn>.<seq>` (null: no events). */
  readonly head: string | null;
  readonly counts: BackupCounts;
};

/** An event; `txn` and `seq` are its position in the source, kept for the record and the order. */
export type EventRecord = {
  readonly t: 'event';
  readonly txn: string;
  readonly seq: string;
  readonly stream: string;
  readonly revision: string;
  readonly id: string;
  readonly type: string;
  readonly data: string;
  readonly metadata: string;
  readonly recordedAt: string;
};

export type StreamRecord = {
  readonly t: 'stream';
  readonly stream: string;
  readonly revision: string;
};

export type SubjectKeyRecord = {
  readonly t: 'subjectKey';
  readonly subject: string;
  readonly key: string;
  readonly createdAt: string;
};

export type ErasureRecord = {
  readonly t: 'erasure';
  readonly subject: string;
  readonly erasedAt: string;
};

export type OutboxMessageRecord = {
  readonly t: 'outboxMessage';
  readonly id: string;
  readonly kind: string;
  readonly userId: string;
  readonly payload: string;
  readonly createdAt: string;
  readonly status: string;
  readonly attempts: number;
  readonly nextAttemptAt: string;
  readonly lastError: string | null;
  readonly sentAt: string | null;
};

export type EndRecord = {
  readonly t: 'end';
  readonly counts: BackupCounts;
  readonly sha256: string;
};

export type DataRecord =
  EventRecord | StreamRecord | SubjectKeyRecord | ErasureRecord | OutboxMessageRecord;

/** Which count each data record adds to. */
export const COUNT_OF: Record<DataRecord['t'], keyof BackupCounts> = {
  event: 'events',
  stream: 'streams',
  subjectKey: 'subjectKeys',
  erasure: 'erasures',
  outboxMessage: 'outboxMessages',
};

/** Refused input or state of a backup or a restore: its message is for the operator, as written. */
export class BackupRestoreError extends Error {
  override readonly name = 'BackupRestoreError';
}

/** How far a backup or a restore is: events written (or loaded) of the backup's total. */
export type EventsProgress = { readonly events: number; readonly total: number };

/** The rows a backup or a restore handles at a time: `batchSize`, else `fallback`. */
export const batchSizeOf = (batchSize: number | undefined, fallback: number): number => {
  const size = batchSize ?? fallback;
  if (!Number.isSafeInteger(size) || size < 1) {
    throw new RangeError(`batchSize must be a positive integer, got ${String(size)}`);
  }
  return size;
};

/** A timestamptz column as text with microseconds, in UTC (`::timestamptz` reads it back exactly). */
export const utcText = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Lines of the file as written: each line is hashed with its newline. */
export const createLineHasher = () => {
  const hash: Hash = createHash('sha256');
  return {
    line(record: object): string {
      const text = `${JSON.stringify(record)}\n`;
      hash.update(text);
      return text;
    },
    digest: () => hash.digest('hex'),
  };
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const checkCounts = (value: unknown, where: string): BackupCounts => {
  if (!isObject(value)) throw new BackupRestoreError(`The backup's ${where} has no counts`);
  for (const name of COUNT_NAMES) {
    const n = value[name];
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
      throw new BackupRestoreError(`The backup's ${where} has no valid count of ${name}`);
    }
  }
  return value as BackupCounts;
};

export type BackupReader = {
  readonly header: HeaderRecord;
  /** The data records in file order; ends with the end record checked (checksum and counts). */
  readonly records: () => AsyncGenerator<DataRecord>;
  readonly close: () => void;
};

/**
 * Opens a backup file: reads and checks its header at once; `records` streams the rest (one line
 * in memory at a time) and, at the end, checks the checksum and the counts of the end record.
 */
export const openBackup = async (path: string): Promise<BackupReader> => {
  const input = createReadStream(path);
  const gunzip = createGunzip();
  const failed = new Promise<never>((_, reject) => {
    input.once('error', (error) =>
      reject(new BackupRestoreError(`Cannot read ${path}: ${error.message}`)),
    );
    gunzip.once('error', (error) =>
      reject(new BackupRestoreError(`${path} is not a readable gzip file: ${error.message}`)),
    );
  });
  failed.catch(() => undefined);
  const lines = createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const hash = createHash('sha256');
  let lineNumber = 0;

  const nextRecord = async (): Promise<Record<string, unknown> | null> => {
    let next: IteratorResult<string>;
    try {
      next = await Promise.race([iterator.next(), failed]);
    } catch (error) {
      if (error instanceof BackupRestoreError) throw error;
      // The gzip stream's error, as the line reader passes it on.
      throw new BackupRestoreError(
        `${path} cannot be read to the end (truncated or damaged): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (next.done) return null;
    lineNumber += 1;
    let parsed: unknown;
    try {
      parsed = JSON.parse(next.value);
    } catch {
      throw new BackupRestoreError(`Line ${String(lineNumber)} of ${path} is not JSON`);
    }
    if (!isObject(parsed) || typeof parsed['t'] !== 'string') {
      throw new BackupRestoreError(`Line ${String(lineNumber)} of ${path} is not a backup record`);
    }
    if (parsed['t'] !== 'end') hash.update(`${next.value}\n`);
    return parsed;
  };

  const close = () => {
    lines.close();
    input.destroy();
  };

  let first: Record<string, unknown> | null;
  try {
    first = await nextRecord();
  } catch (error) {
    close();
    throw error;
  }
  if (first?.['t'] !== 'header' || first['format'] !== BACKUP_FORMAT) {
    close();
    throw new BackupRestoreError(`${path} is not a backup of the event store (no header)`);
  }
  if (first['version'] !== BACKUP_VERSION) {
    close();
    throw new BackupRestoreError(
      `${path} is a backup of format version ${String(first['version'])}; this version reads ${String(BACKUP_VERSION)}`,
    );
  }
  const header = { ...first, counts: checkCounts(first['counts'], 'header') } as HeaderRecord;

  async function* records(): AsyncGenerator<DataRecord> {
    const seen: Record<keyof BackupCounts, number> = {
      events: 0,
      streams: 0,
      subjectKeys: 0,
      erasures: 0,
      outboxMessages: 0,
    };
    try {
      for (;;) {
        const record = await nextRecord();
        if (!record) throw new BackupRestoreError(`${path} ends early (no end record): incomplete`);
        const type = record['t'];
        if (type === 'end') {
          const counts = checkCounts(record['counts'], 'end record');
          if (record['sha256'] !== hash.digest('hex')) {
            throw new BackupRestoreError(`${path} fails its checksum: damaged`);
          }
          for (const name of COUNT_NAMES) {
            if (seen[name] !== counts[name] || counts[name] !== header.counts[name]) {
              throw new BackupRestoreError(
                `${path} holds ${String(seen[name])} ${name}; its header says ${String(header.counts[name])}`,
              );
            }
          }
          if ((await nextRecord()) !== null) {
            throw new BackupRestoreError(`${path} goes on after its end record`);
          }
          return;
        }
        if (typeof type !== 'string' || !(type in COUNT_OF)) {
          throw new BackupRestoreError(
            `Line ${String(lineNumber)} of ${path} has an unknown record type`,
          );
        }
        seen[COUNT_OF[type as DataRecord['t']]] += 1;
        yield record as DataRecord;
      }
    } finally {
      close();
    }
  }

  return { header, records, close };
};

/** Reads a backup file to its end: its header, once its checksum and counts are checked. */
export const verifyBackup = async (path: string): Promise<HeaderRecord> => {
  const backup = await openBackup(path);
  const records = backup.records();
  while (!(await records.next()).done);
  return backup.header;
};
