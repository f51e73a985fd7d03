import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { authEmulatorHost, TEST_FIREBASE_PROJECT_ID } from '../auth/emulator-sign-in';
import { TEST_REDIS_URL } from './redis';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** How much of a child's output is kept to explain its crash, unless all of it is kept. */
const TAIL_CHARS = 4_000;
/** How long a service may take to answer its /healthz after it was started. */
const START_TIMEOUT_MS = 90_000;
/**
 * How long a service may take to stop after SIGTERM before it is killed (tests run without a
 * drain delay unless they set SHUTDOWN_DRAIN_MS; the runner forces an exit after SHUTDOWN_TIMEOUT_MS).
 */
const STOP_GRACE_MS = 15_000;
/** One health probe may not hang the wait past its deadline. */
const PROBE_TIMEOUT_MS = 2_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export type ServiceProcess = {
  readonly name: string;
  readonly child: ChildProcess;
  /** Settles once the process has exited and its output has been read to the end. */
  readonly exited: Promise<void>;
  /** Its stdout and stderr together: all of it with `keepAllOutput`, else the last 4,000 characters. */
  readonly output: () => string;
  readonly running: () => boolean;
  /** Why it is gone (exit code or signal, and its last output) if it exited before `stop`. */
  readonly crash: () => string | undefined;
  /** Throws `crash()` if the process exited before `stop`. */
  readonly check: () => void;
  /** Waits until `url`/healthz answers OK; throws with its output if it exits or time runs out. */
  readonly waitHealthy: (url: string, timeoutMs?: number) => Promise<void>;
  /** Waits until `url`/readyz answers OK (ready to take traffic), as `waitHealthy` waits. */
  readonly waitReady: (url: string, timeoutMs?: number) => Promise<void>;
  /**
   * SIGTERM to its process group, as a deploy sends it, without waiting: `exited` settles once it
   * is gone (`child.exitCode` then tells how). Its exit is not a crash from then on.
   */
  readonly terminate: () => void;
  /** SIGTERM to its process group, SIGKILL after `graceMs`; resolves once it has exited. */
  readonly stop: (graceMs?: number) => Promise<void>;
};

export type ServiceProcessOptions = {
  /** The script to run, from the repository root; `<name>/src/main.ts` by default. */
  readonly script?: string;
  readonly args?: readonly string[];
  /** Options for Node itself, before the script (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  readonly nodeArgs?: readonly string[];
  /** Keep every byte it writes (tests that read every log line), not only the tail. */
  readonly keepAllOutput?: boolean;
};

const isRunning = (child: ChildProcess) =>
  child.pid !== undefined && child.exitCode === null && child.signalCode === null;

/** Signals the child's whole process group (it leads one: spawned detached). */
const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.pid === undefined || !isRunning(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
};

/** Children lead process groups of their own, so a Ctrl-C or an exit of ours would not reach them. */
const live = new Set<ChildProcess>();
const killLive = () => {
  for (const child of live) signalGroup(child, 'SIGKILL');
};
const onSignal = (signal: NodeJS.Signals) => {
  killLive();
  unwatch();
  // Nobody else handles it: raise it again for the default action (exit by that signal).
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
};
const unwatch = () => {
  process.off('exit', killLive);
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
};
const watch = (child: ChildProcess) => {
  if (live.size === 0) {
    process.on('exit', killLive);
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  live.add(child);
};
const forget = (child: ChildProcess) => {
  if (live.delete(child) && live.size === 0) unwatch();
};

const answersOk = async (url: string, path: '/healthz' | '/readyz') => {
  try {
    const response = await fetch(`${url}${path}`, {
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
};

/**
 * Starts `<name>/src/main.ts` (or `options.script`) under tsx as its own process, as
 * `infra/scripts/start.sh` runs it in production, in a process group of its own so that `stop`
 * also ends anything it started. Only `env` reaches it.
 */
export const spawnServiceProcess = (
  name: string,
  env: NodeJS.ProcessEnv,
  options: ServiceProcessOptions = {},
): ServiceProcess => {
  const script = join(REPO_ROOT, options.script ?? join(name, 'src/main.ts'));
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', script, ...(options.args ?? [])],
    {
      cwd: REPO_ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  watch(child);

  const chunks: Buffer[] = [];
  let tail = '';
  const keep = (chunk: Buffer) => {
    if (options.keepAllOutput) chunks.push(chunk);
    else tail = (tail + chunk.toString()).slice(-TAIL_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const output = () => (options.keepAllOutput ? Buffer.concat(chunks).toString('utf8') : tail);

  let spawnError: Error | undefined;
  // 'close' comes after 'exit' once stdout and stderr are drained; 'error' alone if it never ran.
  const exited = new Promise<void>((resolve) => {
    child.once('close', () => resolve());
    child.on('error', (error) => {
      spawnError = error;
      if (child.pid === undefined) resolve();
    });
  }).finally(() => forget(child));

  let stopping = false;
  const crash = () => {
    if (stopping || isRunning(child)) return undefined;
    const how = spawnError?.message ?? String(child.exitCode ?? child.signalCode);
    const last = output().slice(-TAIL_CHARS);
    return `${name} exited (${how}); its last output:\n${last}`;
  };
  const check = () => {
    const reason = crash();
    if (reason !== undefined) throw new Error(reason);
  };

  const waitFor = async (url: string, path: '/healthz' | '/readyz', timeoutMs: number) => {
    const started = Date.now();
    while (!(await answersOk(url, path))) {
      check();
      if (stopping) throw new Error(`${name} was stopped before ${url}${path} answered`);
      if (Date.now() - started > timeoutMs) {
        const last = output().slice(-TAIL_CHARS);
        throw new Error(
          `${name}: ${url}${path} did not answer within ${String(timeoutMs)} ms; its last output:\n${last}`,
        );
      }
      await sleep(200);
    }
  };
  const waitHealthy = (url: string, timeoutMs = START_TIMEOUT_MS) =>
    waitFor(url, '/healthz', timeoutMs);
  const waitReady = (url: string, timeoutMs = START_TIMEOUT_MS) =>
    waitFor(url, '/readyz', timeoutMs);

  const terminate = () => {
    stopping = true;
    signalGroup(child, 'SIGTERM');
  };

  const stop = async (graceMs = STOP_GRACE_MS) => {
    stopping = true;
    signalGroup(child, 'SIGTERM');
    const grace = new AbortController();
    await Promise.race([exited, sleep(graceMs, grace.signal)]);
    grace.abort();
    signalGroup(child, 'SIGKILL');
    await exited;
  };

  return {
    name,
    child,
    exited,
    output,
    running: () => isRunning(child),
    crash,
    check,
    waitHealthy,
    waitReady,
    terminate,
    stop,
  };
};

/** `spawnServiceProcess`, then waits for `healthUrl`/healthz; stopped again if that fails. */
export const startServiceProcess = async (
  name: string,
  env: NodeJS.ProcessEnv,
  options: ServiceProcessOptions & { readonly healthUrl: string; readonly timeoutMs?: number },
): Promise<ServiceProcess> => {
  const service = spawnServiceProcess(name, env, options);
  try {
    await service.waitHealthy(options.healthUrl, options.timeoutMs);
  } catch (error) {
    await service.stop();
    throw error;
  }
  return service;
};

/** Stops every process that was started (cleanup may run after a start failed half-way). */
export const stopServiceProcesses = async (services: readonly (ServiceProcess | undefined)[]) => {
  await Promise.all(services.flatMap((service) => (service ? [service.stop()] : [])));
};

/**
 * The environment every service a test starts shares: its database, its Redis keys (the boards
 * under `redisPrefix`, job queues and rate-limit counters under `${redisPrefix}jobs`, all deleted
 * with the prefix) and the auth emulator; `APP_ENV=test` because production refuses the emulator.
 */
export const serviceTestEnv = (options: {
  readonly databaseUrl: string;
  readonly redisPrefix: string;
  readonly logLevel?: string;
}): NodeJS.ProcessEnv => ({
  PATH: process.env['PATH'],
  HOME: process.env['HOME'],
  APP_ENV: 'test',
  LOG_LEVEL: options.logLevel ?? 'warn',
  DATABASE_URL: options.databaseUrl,
  REDIS_URL: TEST_REDIS_URL,
  REDIS_PREFIX: options.redisPrefix,
  JOBS_PREFIX: `${options.redisPrefix}jobs`,
  FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
  FIREBASE_PROJECT_ID: TEST_FIREBASE_PROJECT_ID,
});
