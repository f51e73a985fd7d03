import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { Redis } from 'ioredis';
import { migrate } from '../db/migrate';
import { registerTestDatabase, snapshotDeadLetters } from './dead-letters';

/**
 * Postgres and Redis servers of a test's own, on free ports, that the test may kill, restart or
 * empty without disturbing the shared servers other tests use (fault-injection tests).
 */

const run = promisify(execFile);

export const PG_BIN_DIR = process.env['PG_BIN_DIR'] ?? '/usr/lib/postgresql/15/bin';

/** A TCP port nobody listens on right now (the OS picks it). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isRoot = () => process.getuid?.() === 0;

/** Postgres refuses to run as root: as root its programs run as the `postgres` user. */
const pgCommand = async (program: string, args: readonly string[]) => {
  const binary = join(PG_BIN_DIR, program);
  const [file, argv] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', binary, ...args]]
    : [binary, [...args]];
  return run(file, argv, { timeout: 120_000 });
};

const postgresIds = async (): Promise<{ uid: number; gid: number }> => {
  const [uid, gid] = await Promise.all([
    run('id', ['-u', 'postgres']),
    run('id', ['-g', 'postgres']),
  ]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
};

export type PrivatePostgres = {
  readonly port: number;
  /** The migrated database `campus` on this server. */
  readonly databaseUrl: string;
  /** Stops the server at once (immediate mode: a crash, recovered from the WAL on start). */
  readonly kill: () => Promise<void>;
  readonly start: () => Promise<void>;
  /** kill, then start again after `downMs`. */
  readonly restart: (downMs?: number) => Promise<void>;
  /** Stops the server and deletes its data directory. */
  readonly destroy: () => Promise<void>;
};

/**
 * initdb into a temp directory, then pg_ctl start on a free port (trust auth, user postgres,
 * fsync off: only the server process is crashed in tests, never the machine), and the product's
 * migrations applied to a database `campus`. Commits stay synchronous: an acknowledged command
 * must survive the immediate (crash) stop the tests inflict.
 */
const PG_DIR_PREFIX = 'campus-pg-';

/** Servers left by runs killed before their cleanup (older than two hours) are stopped and removed. */
const removeLeftovers = async () => {
  const entries = await readdir(tmpdir()).catch(() => [] as string[]);
  for (const entry of entries.filter((e) => e.startsWith(PG_DIR_PREFIX))) {
    const dir = join(tmpdir(), entry);
    const info = await stat(dir).catch(() => null);
    if (!info || Date.now() - info.mtimeMs < 2 * 3_600_000) continue;
    await pgCommand('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']).catch(
      () => undefined,
    );
    await rm(dir, { recursive: true, force: true });
  }
};

export const startPrivatePostgres = async (): Promise<PrivatePostgres> => {
  await removeLeftovers();
  const dir = await mkdtemp(join(tmpdir(), PG_DIR_PREFIX));
  if (isRoot()) {
    const { uid, gid } = await postgresIds();
    await chown(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  await pgCommand('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const options = [
    `-p ${String(port)}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=60',
  ].join(' ');
  const start = async () => {
    await pgCommand('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  };
  const kill = async () => {
    await pgCommand('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  };
  await start();

  const serverUrl = `postgres://postgres@127.0.0.1:${String(port)}`;
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    await admin.query('CREATE DATABASE campus');
  } finally {
    await admin.end();
  }
  const databaseUrl = `${serverUrl}/campus`;
  await migrate(databaseUrl);
  const registryName = `private-${String(port)}-${dir.slice(-6)}`;
  registerTestDatabase(registryName, databaseUrl);

  return {
    port,
    databaseUrl,
    kill,
    start,
    restart: async (downMs = 0) => {
      await kill();
      if (downMs) await sleep(downMs);
      await start();
    },
    destroy: async () => {
      try {
        // A server left stopped refuses the connection (readDeadLetters answers null for that);
        // any other failure to read its dead letters is the test's to see.
        await snapshotDeadLetters(registryName, databaseUrl);
      } finally {
        await kill().catch(() => undefined);
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
};

export type PrivateRedis = {
  readonly port: number;
  readonly url: string;
  /** kill -9 the server and start a new, empty one on the same port (nothing is persisted). */
  readonly restartEmpty: () => Promise<void>;
  /** kill -9 the server: connections are refused until `start`. */
  readonly stop: () => Promise<void>;
  /** Starts a new, empty server on the same port after `stop` (nothing if one is running). */
  readonly start: () => Promise<void>;
  /**
   * SIGSTOP: the server keeps its port and data and the kernel still accepts connections, but
   * nothing is answered (a frozen or blackholed Redis) until `resume`.
   */
  readonly pause: () => void;
  /** SIGCONT after `pause`: the server answers again, its data as it was. */
  readonly resume: () => void;
};

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** redis-server on a free port with no persistence (`--save '' --appendonly no`). */
export const startPrivateRedis = async (): Promise<PrivateRedis> => {
  const port = await freePort();
  const url = `redis://127.0.0.1:${String(port)}`;
  let child: ChildProcess | null = null;

  const start = async () => {
    const server = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    );
    child = server;
    const probe = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: null,
    });
    probe.on('error', () => undefined);
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          await probe.connect();
          await probe.ping();
          return;
        } catch (error) {
          if (attempt > 100 || server.exitCode !== null) throw error;
          probe.disconnect();
          await sleep(50);
        }
      }
    } finally {
      probe.disconnect();
    }
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running) return;
    running.kill('SIGKILL');
    await exited(running);
  };
  const signal = (name: 'SIGSTOP' | 'SIGCONT') => {
    if (!child) throw new Error('the private Redis is not running');
    child.kill(name);
  };
  await start();
  return {
    port,
    url,
    restartEmpty: async () => {
      await kill();
      await start();
    },
    stop: kill,
    start: async () => {
      if (!child) await start();
    },
    pause: () => signal('SIGSTOP'),
    resume: () => signal('SIGCONT'),
  };
};
