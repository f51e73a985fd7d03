import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** How much of a child's output is kept to explain a failure. */
const TAIL_CHARS = 8_000;
/** One health probe may not hang the wait past its deadline. */
const PROBE_TIMEOUT_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A built program (`npm run build:services`) run as production runs it: plain node, no loader. */
export type BuiltProcess = {
  readonly name: string;
  readonly child: ChildProcess;
  /** Its exit code (null if a signal ended it) and signal, once it has exited and its output is read. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The end of its stdout and stderr together. */
  readonly output: () => string;
  /** Its command line as the operating system reports it (/proc/<pid>/cmdline). */
  readonly commandLine: () => readonly string[];
  /** The names of its environment variables (/proc/<pid>/environ). */
  readonly environmentNames: () => readonly string[];
  /** How it exited, or SIGKILL and then how it exited if it is still running after `timeoutMs`. */
  readonly exitedWithin: (
    timeoutMs: number,
  ) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Waits until `url` answers 200; throws with its output if it exits or `timeoutMs` runs out. */
  readonly waitOk: (url: string, timeoutMs?: number) => Promise<void>;
  /** SIGTERM, SIGKILL after `graceMs`; resolves with how it exited. */
  readonly stop: (
    graceMs?: number,
  ) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const isRunning = (child: ChildProcess) =>
  child.pid !== undefined && child.exitCode === null && child.signalCode === null;

const answersOk = async (url: string) => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
};

/** Every process started and not yet exited, for `killBuiltProcesses`. */
const live = new Set<ChildProcess>();

/** SIGKILL to every built process still running (a test's cleanup after a failure half-way). */
export const killBuiltProcesses = () => {
  for (const child of live) child.kill('SIGKILL');
};

const readProc = (pid: number | undefined, file: string): string[] =>
  pid === undefined
    ? []
    : readFileSync(`/proc/${String(pid)}/${file}`, 'utf8')
        .split('\0')
        .filter(Boolean);

/**
 * Runs `node --enable-source-maps <bundle>` (a path from the repository root, e.g.
 * `command-service/dist/main.js`) with only `env`, from the repository root. Nothing else is
 * loaded: no tsx, no NODE_OPTIONS unless `env` has them.
 */
export const spawnBuiltProcess = (
  name: string,
  bundle: string,
  env: NodeJS.ProcessEnv,
  args: readonly string[] = [],
): BuiltProcess => {
  const child = spawn(
    process.execPath,
    ['--enable-source-maps', join(REPO_ROOT, bundle), ...args],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-TAIL_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: null, signal: null }));
  });
  live.add(child);
  void exited.then(() => live.delete(child));

  const waitOk = async (url: string, timeoutMs = 60_000) => {
    const started = Date.now();
    while (!(await answersOk(url))) {
      if (!isRunning(child)) {
        throw new Error(
          `${name} exited (${String(child.exitCode ?? child.signalCode)}) before ${url} answered; its output:\n${tail}`,
        );
      }
      if (Date.now() - started > timeoutMs) {
        throw new Error(
          `${name}: ${url} did not answer 200 within ${String(timeoutMs)} ms:\n${tail}`,
        );
      }
      await sleep(100);
    }
  };

  const exitedWithin = async (timeoutMs: number) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const how = await exited;
    clearTimeout(timer);
    return how;
  };

  const stop = (graceMs = 20_000) => {
    if (isRunning(child)) child.kill('SIGTERM');
    return exitedWithin(graceMs);
  };

  return {
    name,
    child,
    exited,
    output: () => tail,
    commandLine: () => readProc(child.pid, 'cmdline'),
    environmentNames: () =>
      readProc(child.pid, 'environ').map((entry) => entry.slice(0, entry.indexOf('='))),
    exitedWithin,
    waitOk,
    stop,
  };
};
