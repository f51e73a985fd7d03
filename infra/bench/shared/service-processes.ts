import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authEmulatorHost, freePort, TEST_FIREBASE_PROJECT_ID } from '@campus/infra/testing';
import { benchEnv } from './config';
import { sleep } from './measure';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** How much of a child's output is kept to explain its crash. */
const TAIL_CHARS = 4_000;
/** How long a service may take to answer its /healthz after it was started. */
const START_TIMEOUT_MS = 90_000;
/** How long a service may take to stop after SIGTERM (its runner forces an exit after 10 s). */
const STOP_TIMEOUT_MS = 15_000;

type Service = {
  readonly name: string;
  readonly child: ChildProcess;
  readonly exited: Promise<void>;
  /** The last TAIL_CHARS of its stdout and stderr together. */
  tail: string;
};

export type ServiceProcessOptions = {
  readonly databaseUrl: string;
  /** Prefix of the leaderboard keys; the jobs' and rate limiter's keys go under it too. */
  readonly redisPrefix: string;
  readonly uploadDir: string;
  readonly reportsDir: string;
  readonly adminEmail: string;
};

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

/** Signals the child's whole process group (it leads one: spawned detached). */
const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.pid === undefined || !isRunning(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
};

/** Starts `<pkg>/src/main.ts` under tsx, as `infra/scripts/start.sh` runs it in production. */
const spawnService = (name: string, env: NodeJS.ProcessEnv): Service => {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, name, 'src/main.ts')], {
    cwd: REPO_ROOT,
    env,
    // Its own process group, so stopping it also stops anything it started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const service: Service = {
    name,
    child,
    exited: new Promise((resolve) => child.once('exit', () => resolve())),
    tail: '',
  };
  const keep = (chunk: Buffer) => {
    service.tail = (service.tail + chunk.toString()).slice(-TAIL_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return service;
};

const healthy = async (url: string) => {
  try {
    const response = await fetch(`${url}/healthz`);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
};

/**
 * The command service, the query service and the projection worker as three OS processes started
 * from their production entry points, on free ports, against the bench's database and Redis
 * prefix. `check` throws (with the child's last output) once any of them has exited on its own;
 * `stop` stops them all, also their process groups, and says which crashed meanwhile.
 */
export const startServiceProcesses = async (options: ServiceProcessOptions) => {
  const [commandPort, queryPort, metricsPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const env: NodeJS.ProcessEnv = {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    APP_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: benchEnv.TEST_REDIS_URL,
    REDIS_PREFIX: options.redisPrefix,
    // BullMQ's queues and the command rate limiter, under the prefix the bench drops at the end.
    JOBS_PREFIX: `${options.redisPrefix}jobs`,
    FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
    FIREBASE_PROJECT_ID: TEST_FIREBASE_PROJECT_ID,
    ADMIN_EMAILS: options.adminEmail,
    UPLOAD_DIR: options.uploadDir,
    REPORTS_DIR: options.reportsDir,
    COMMAND_PORT: String(commandPort),
    QUERY_PORT: String(queryPort),
    WORKER_METRICS_PORT: String(metricsPort),
    // Production's per-user command limit unless the bench's own environment names another (0: off).
    ...(process.env['RATE_LIMIT_COMMANDS'] === undefined
      ? {}
      : { RATE_LIMIT_COMMANDS: process.env['RATE_LIMIT_COMMANDS'] }),
  };
  const services = [
    spawnService('command-service', env),
    spawnService('query-service', env),
    spawnService('projection-worker', env),
  ];
  let stopping = false;
  // Children lead process groups of their own, so the bench's Ctrl-C or crash would not reach them.
  const killAll = () => {
    for (const service of services) signalGroup(service.child, 'SIGKILL');
  };
  const onSignal = (signal: NodeJS.Signals) => {
    killAll();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('exit', killAll);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const crashed = () =>
    services.filter((s) => !isRunning(s.child) && s.child.pid !== undefined && !stopping);
  const describe = (service: Service) =>
    `${service.name} exited (${String(service.child.exitCode ?? service.child.signalCode)}); its last output:\n${service.tail}`;

  /** Throws if a service has exited on its own. */
  const check = () => {
    const [first] = crashed();
    if (first) throw new Error(describe(first));
  };

  const stop = async () => {
    stopping = true;
    const unexpected = services.filter((s) => !isRunning(s.child)).map(describe);
    for (const service of services) signalGroup(service.child, 'SIGTERM');
    await Promise.race([Promise.all(services.map((s) => s.exited)), sleep(STOP_TIMEOUT_MS)]);
    killAll();
    await Promise.all(services.map((s) => s.exited));
    process.off('exit', killAll);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (unexpected.length) throw new Error(unexpected.join('\n'));
  };

  const commandUrl = `http://127.0.0.1:${String(commandPort)}`;
  const queryUrl = `http://127.0.0.1:${String(queryPort)}`;
  const metricsUrl = `http://127.0.0.1:${String(metricsPort)}`;
  try {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (const url of [commandUrl, queryUrl, metricsUrl]) {
      while (!(await healthy(url))) {
        check();
        if (Date.now() > deadline) throw new Error(`${url}/healthz did not answer in time`);
        await sleep(200);
      }
    }
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  return { commandUrl, queryUrl, check, stop };
};
