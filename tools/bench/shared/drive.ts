import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LagJob, LagResult, LoadJob, LoadResult } from './load-driver';
import type { OpenLoopJob, OpenLoopResult } from './open-loop-driver';

const DRIVER = fileURLToPath(new URL('./load-driver.ts', import.meta.url));

/** Runs one job in a fresh load-driver process (so load and services use different event loops). */
export function drive(job: LoadJob): Promise<LoadResult>;
export function drive(job: LagJob): Promise<LagResult>;
export function drive(job: LoadJob | LagJob): Promise<LoadResult | LagResult> {
  return new Promise((resolve, reject) => {
    const child = fork(DRIVER, [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    let answered = false;
    child.once('message', (message: { result?: LoadResult | LagResult; error?: string }) => {
      answered = true;
      if (message.result) resolve(message.result);
      else reject(new Error(`load driver: ${message.error ?? 'no answer'}`));
    });
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`load driver exited with ${String(code)}`));
    });
    child.once('error', reject);
    child.send(job);
  });
}

/**
 * Starts an open-loop run in a fresh load-driver process (structured-clone messages, so an
 * Infinity lag survives the trip). `done` answers when the schedule has ended and drained; `stop`
 * ends the offering early (jobs with `untilStopped`) and answers the same result.
 */
export const startOpenLoop = (job: OpenLoopJob) => {
  const child = fork(DRIVER, [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
    serialization: 'advanced',
  });
  const done = new Promise<OpenLoopResult>((resolve, reject) => {
    let answered = false;
    child.once('message', (message: { result?: OpenLoopResult; error?: string }) => {
      answered = true;
      if (message.result) resolve(message.result);
      else reject(new Error(`load driver: ${message.error ?? 'no answer'}`));
    });
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`load driver exited with ${String(code)}`));
    });
    child.once('error', reject);
  });
  child.send(job);
  return {
    done,
    stop: () => {
      if (child.connected) child.send({ stop: true });
      return done;
    },
  };
};

/** Runs one open-loop schedule to its end. */
export const driveOpenLoop = (job: OpenLoopJob): Promise<OpenLoopResult> => startOpenLoop(job).done;
