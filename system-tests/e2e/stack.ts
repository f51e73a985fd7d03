import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

export type E2eStack = {
  url: string;
  databaseUrl: string;
  /** Where the stack's catch-all SMTP server keeps every mail it received (.eml files). */
  mailDir: string;
  stop: () => Promise<void>;
};

/**
 * Starts the whole product the way the README does (`infra/scripts/start.sh`), on ports, a
 * database and Redis keys of its own so it never disturbs a running `npm start`, and answers its
 * URL once it prints it.
 */
export const startE2eStack = async (): Promise<E2eStack> => {
  const id = randomBytes(4).toString('hex');
  const base = 20_000 + Math.floor(Math.random() * 20_000);
  const logDir = resolve(ROOT, 'artifacts', 'e2e-logs');
  mkdirSync(logDir, { recursive: true });
  const databaseUrl = `postgres://postgres@127.0.0.1:5432/campus_e2e_${id}`;
  const mailDir = resolve(ROOT, 'var', `e2e-mail-${id}`);
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: `e2e-${id}:`,
    GATEWAY_PORT: String(base),
    COMMAND_PORT: String(base + 1),
    QUERY_PORT: String(base + 2),
    WORKER_METRICS_PORT: String(base + 3),
    // A catch-all SMTP server of its own, its mail kept apart; the outbox sends every second.
    SMTP_PORT: String(base + 4),
    MAIL_DIR: mailDir,
    OUTBOX_INTERVAL_MS: '1000',
    FIREBASE_AUTH_EMULATOR_HOST: process.env['FIREBASE_AUTH_EMULATOR_HOST'] ?? '127.0.0.1:9199',
    UPLOAD_DIR: resolve(ROOT, 'var', `e2e-uploads-${id}`),
    REPORTS_DIR: resolve(ROOT, 'var', `e2e-reports-${id}`),
    JOBS_PREFIX: `e2e-${id}-jobs`,
    UI_DIST: resolve(ROOT, 'var', `e2e-ui-${id}`),
    LOG_DIR: logDir,
    LOG_LEVEL: 'warn',
    // A smaller campus than `npm start` loads keeps CI fast; E2E_DEMO_DATA_SCALE=1 loads it all.
    DEMO_DATA_SCALE: process.env['E2E_DEMO_DATA_SCALE'] ?? '0.3',
  };
  const child: ChildProcess = spawn('bash', ['infra/scripts/start.sh'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`stack did not start in time:\n${output}`)),
      240_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stack exited with ${String(code)}:\n${output}`));
    });
  });
  return {
    url,
    databaseUrl,
    mailDir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT');
        // unref: the wait must not keep the test runner alive once the stack has exited.
        await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
      }
      child.stdout?.destroy();
      child.stderr?.destroy();
      child.unref();
      const { default: pg } = await import('pg');
      const admin = new pg.Client({
        connectionString: 'postgres://postgres@127.0.0.1:5432/postgres',
      });
      await admin.connect();
      await admin
        .query(`DROP DATABASE IF EXISTS campus_e2e_${id} WITH (FORCE)`)
        .catch(() => undefined);
      await admin.end();
      await rm(mailDir, { recursive: true, force: true });
    },
  };
};
