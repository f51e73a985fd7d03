import {
  authEmulatorHost,
  freePort,
  spawnServiceProcess,
  stopServiceProcesses,
  TEST_FIREBASE_PROJECT_ID,
} from '@campus/infra/testing';
import { benchEnv } from './config';

type BenchServiceOptions = {
  readonly databaseUrl: string;
  /** Prefix of the leaderboard keys; the jobs' and rate limiter's keys go under it too. */
  readonly redisPrefix: string;
  readonly uploadDir: string;
  readonly reportsDir: string;
  /** The admins' emails, comma-separated (ADMIN_EMAILS). */
  readonly adminEmail: string;
};

/**
 * The command service, the query service and the projection worker as three OS processes started
 * from their production entry points, on free ports, against the bench's database and Redis
 * prefix. `check` throws (with the child's last output) once any of them has exited on its own;
 * `stop` stops them all, also their process groups, and says which crashed meanwhile.
 */
export const startServiceProcesses = async (options: BenchServiceOptions) => {
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
  // For profiling, options for Node in each service: BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/p'.
  const nodeArgs = process.env['BENCH_NODE_ARGS']?.split(' ').filter(Boolean) ?? [];
  const services = [
    spawnServiceProcess('command-service', env, { nodeArgs }),
    spawnServiceProcess('query-service', env, { nodeArgs }),
    spawnServiceProcess('projection-worker', env, { nodeArgs }),
  ] as const;

  /** Throws if a service has exited on its own. */
  const check = () => {
    for (const service of services) service.check();
  };

  /** Stops them all; throws naming those that had exited on their own meanwhile. */
  const stop = async () => {
    const unexpected = services.flatMap((service) => service.crash() ?? []);
    await stopServiceProcesses([...services, ...extraCommandServices]);
    if (unexpected.length) throw new Error(unexpected.join('\n'));
  };

  /**
   * One more command service with its clock shifted by `clockOffsetMs` and no per-user rate limit,
   * for setting up what the product's rules allow only at another time (an opportunity that has
   * started: created while "tomorrow" by a clock two days back). Stopped by `stop` at the latest.
   */
  const extraCommandServices: ReturnType<typeof spawnServiceProcess>[] = [];
  const startShiftedCommandService = async (clockOffsetMs: number) => {
    const port = await freePort();
    const service = spawnServiceProcess('command-service', {
      ...env,
      COMMAND_PORT: String(port),
      CLOCK_OFFSET_MS: String(clockOffsetMs),
      RATE_LIMIT_COMMANDS: '0',
    });
    extraCommandServices.push(service);
    const url = `http://127.0.0.1:${String(port)}`;
    await service.waitHealthy(url);
    return { url, stop: () => service.stop() };
  };

  const commandUrl = `http://127.0.0.1:${String(commandPort)}`;
  const queryUrl = `http://127.0.0.1:${String(queryPort)}`;
  const metricsUrl = `http://127.0.0.1:${String(metricsPort)}`;
  const [command, query, worker] = services;
  try {
    // Each wait fails at once, with the process's output, if that process dies while starting.
    await Promise.all([
      command.waitHealthy(commandUrl),
      query.waitHealthy(queryUrl),
      worker.waitHealthy(metricsUrl),
    ]);
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
  /** Each service's process (it leads a process group of its own), for CPU accounting. */
  const processGroups = {
    command: command.child.pid,
    query: query.child.pid,
    worker: worker.child.pid,
  };
  return { commandUrl, queryUrl, check, stop, processGroups, startShiftedCommandService };
};
