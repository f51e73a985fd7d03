import { execFile } from 'node:child_process';
import { chown, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { PG_BIN_DIR, type PrivatePostgres } from '@campus/infra/testing';

/**
 * The transaction counters of Postgres servers, for tests of what the event store does when a
 * database moves between clusters whose counters differ (xid8 transaction ids).
 */

const run = promisify(execFile);

const isRoot = () => process.getuid?.() === 0;

/** Postgres programs refuse to run as root: as root they run as the `postgres` user. */
const pgCommand = (program: string, args: readonly string[]) => {
  const binary = join(PG_BIN_DIR, program);
  const [file, argv] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, [...args]];
  return run(file, argv, { timeout: 120_000 });
};

const withClient = async <T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
};

/** The 64-bit id the server's next transaction will get (taking none itself). */
export const nextTransactionId = (url: string): Promise<bigint> =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ next: string }>(
      'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next',
    );
    return BigInt(rows[0]?.next ?? '0');
  });

/**
 * Uses up transaction ids (empty transactions that take one each, many per round trip) until the
 * server's next id is at least `atLeast`. Harmless to anyone else on the server.
 */
export const consumeTransactionIds = async (url: string, atLeast: bigint) => {
  await withClient(url, async (client) => {
    for (;;) {
      const { rows } = await client.query<{ next: string }>(
        'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next',
      );
      const missing = atLeast - BigInt(rows[0]?.next ?? '0');
      if (missing <= 0n) return;
      const n = Number(missing < 5_000n ? missing : 5_000n);
      await client.query('BEGIN; SELECT pg_current_xact_id(); COMMIT; '.repeat(n));
    }
  });
};

/** 32 pages of 8 kB, 4 transactions a byte: the transactions one pg_xact segment file covers. */
const XACTS_PER_SEGMENT = 32 * 8192 * 4;

/**
 * Moves a private server's transaction counter to `epoch` × 2^32 + `xid` with pg_resetwal, as a
 * cluster that has run for a long time would have it: stops the server cleanly, resets, adds the
 * zero-filled pg_xact segment the new id falls in (the commit log needs it), and starts it again.
 * `xid` must be a multiple of the segment's 1,048,576 transactions and below 2^31, so every
 * existing row stays in the past.
 */
export const advanceTransactionCounter = async (
  server: PrivatePostgres,
  options: { readonly epoch: number; readonly xid: number },
) => {
  const { epoch, xid } = options;
  if (xid % XACTS_PER_SEGMENT !== 0 || xid <= 0 || xid >= 2 ** 31) {
    throw new RangeError(
      `xid must be a positive multiple of ${String(XACTS_PER_SEGMENT)} below 2^31`,
    );
  }
  const dataDir = await withClient(server.databaseUrl, async (client) => {
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    return rows[0]?.data_directory ?? '';
  });
  await pgCommand('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  await pgCommand('pg_resetwal', ['-e', String(epoch), '-x', String(xid), '-D', dataDir]);
  const segment = join(
    dataDir,
    'pg_xact',
    (xid / XACTS_PER_SEGMENT).toString(16).toUpperCase().padStart(4, '0'),
  );
  await writeFile(segment, Buffer.alloc(XACTS_PER_SEGMENT / 4), { flag: 'wx', mode: 0o600 });
  if (isRoot()) {
    const [uid, gid] = await Promise.all([
      run('id', ['-u', 'postgres']),
      run('id', ['-g', 'postgres']),
    ]);
    await chown(segment, Number(uid.stdout.trim()), Number(gid.stdout.trim()));
  }
  await server.start();
};
