import { createHttpClient } from './http-client';
import type { DriverRequest } from './driver-request';
import { percentile, sleep } from './measure';
import { summarizeOpenLoop, type OfferedRecord, type OpenLoopSummary } from './open-loop';

/**
 * The open-loop command driver (runs in the load-driver process): every command has its time in
 * the schedule and is offered then, whatever happened to the earlier ones. At most `maxInFlight`
 * commands wait for their answers at once (the client's connections); a command due while they
 * are all busy, or whose predecessor (`after`) has not answered yet, is sent as soon as it can,
 * and the delay counts in its lag. After each 2xx answer the command's read (`probe`) is asked with
 * the answer's consistency token, which the query service holds until its effect is visible.
 */
export type OfferedCommand = {
  readonly kind: string;
  /** When it is due, in ms from the start of the run. */
  readonly at: number;
  readonly request: DriverRequest;
  /** Index of a command that must have answered 2xx before this one is sent. */
  readonly after?: number;
  /** A read whose answer shows the command's effect, asked with its consistency token. */
  readonly probe?: { readonly path: string; readonly headers: Record<string, string> };
};

export type OpenLoopJob = {
  readonly kind: 'open-loop';
  readonly commandUrl: string;
  readonly queryUrl: string;
  readonly commands: readonly OfferedCommand[];
  readonly maxInFlight: number;
  /** How long after the last due time the run may go on sending the late ones and reading. */
  readonly drainMs: number;
  readonly tokenHeader: string;
  readonly statusHeader: string;
  /** Reads asked once each afterwards without a token (what they cost when nothing is pending). */
  readonly probesAlone?: readonly {
    readonly path: string;
    readonly headers: Record<string, string>;
  }[];
  /** Offer until a { stop: true } message arrives (or the schedule ends), not the whole schedule. */
  readonly untilStopped?: boolean;
};

export type OpenLoopResult = {
  readonly summary: OpenLoopSummary;
  /** Wall-clock times (ms since the epoch) of the 2xx answers, to count them per phase. */
  readonly okAnsweredAt: readonly number[];
  /** Wall-clock time the run started (the schedule's zero). */
  readonly startedAt: number;
  readonly probeAlone: { p50: number; p99: number; answered: number; asked: number } | null;
  readonly records: readonly OfferedRecord[];
};

const COMMAND_TIMEOUT_MS = 30_000;
const PROBE_TIMEOUT_MS = 10_000;

/** A first-come first-served counter of free slots; `close` turns the waiting away. */
const slots = (size: number) => {
  let free = size;
  let closed = false;
  const waiting: ((granted: boolean) => void)[] = [];
  return {
    freeNow: () => free > 0,
    acquire: (): Promise<boolean> => {
      if (closed) return Promise.resolve(false);
      if (free > 0) {
        free--;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release: () => {
      const next = waiting.shift();
      if (next) next(true);
      else free++;
    },
    close: () => {
      closed = true;
      for (const resolve of waiting.splice(0)) resolve(false);
    },
  };
};

export const runOpenLoop = async (job: OpenLoopJob): Promise<OpenLoopResult> => {
  const records: OfferedRecord[] = [];
  const outcomes: Promise<boolean>[] = [];
  /** Whether each command's answer (or failure) is in: a follower of one not in yet waits. */
  const answered: boolean[] = [];
  const pool = slots(job.maxInFlight);
  // Commands are capped by `pool`; reads after them are not, so sockets are not capped here.
  const http = createHttpClient(Infinity);
  // An object, so that the loop below reads what the message handler wrote.
  const offering = { stopped: false as boolean };
  const isStopped = () => offering.stopped;
  if (job.untilStopped) {
    process.on('message', (message: { stop?: boolean }) => {
      if (message.stop) offering.stopped = true;
    });
  }

  /** Sends one command and reads its effect; `outcome` settles at the command's answer. */
  const offer = async (
    index: number,
    command: OfferedCommand,
    scheduledAt: number,
    outcome: (ok: boolean) => void,
  ) => {
    const record: {
      -readonly [K in keyof OfferedRecord]: OfferedRecord[K];
    } = {
      kind: command.kind,
      scheduledAt,
      sentAt: null,
      answeredAt: null,
      status: 'not sent',
      visibleAt: null,
      stale: false,
    };
    records[index] = record;
    if (command.after !== undefined) {
      if (!answered[command.after]) record.heldBy = 'predecessor';
      if (!(await (outcomes[command.after] ?? Promise.resolve(false)))) {
        record.status = 'dependency failed';
        outcome(false);
        return;
      }
    }
    if (!pool.freeNow()) record.heldBy ??= 'in-flight limit';
    if (!(await pool.acquire())) {
      outcome(false);
      return;
    }
    let token: string | null = null;
    try {
      record.sentAt = performance.now();
      const { request } = command;
      const answer = await http.send(`${job.commandUrl}${request.path}`, {
        method: request.method,
        headers: { ...request.headers },
        ...(request.body === undefined ? {} : { body: request.body }),
        timeoutMs: COMMAND_TIMEOUT_MS,
      });
      record.answeredAt = performance.now();
      record.status = answer.status;
      token = answer.header(job.tokenHeader);
    } catch {
      record.status = 'error';
    } finally {
      pool.release();
    }
    const ok = typeof record.status === 'number' && record.status < 300 && record.status >= 200;
    outcome(ok);
    if (ok && command.probe && token) {
      try {
        const read = await http.send(`${job.queryUrl}${command.probe.path}`, {
          headers: { ...command.probe.headers, [job.tokenHeader]: token },
          timeoutMs: PROBE_TIMEOUT_MS,
        });
        if (read.status >= 200 && read.status < 300) record.visibleAt = performance.now();
        else record.readFailure = read.status;
        record.stale = read.header(job.statusHeader) === 'stale';
      } catch {
        // No answer: the effect counts as never seen.
        record.readFailure = 'error';
      }
    }
  };

  const startedAt = Date.now();
  const started = performance.now();
  const tasks: Promise<void>[] = [];
  for (let i = 0; i < job.commands.length && !isStopped(); i++) {
    const command = job.commands[i] as OfferedCommand;
    const wait = started + command.at - performance.now();
    if (wait > 1) await sleep(wait);
    if (isStopped()) break;
    outcomes[i] = new Promise<boolean>((resolve) => {
      tasks.push(
        offer(i, command, started + command.at, (ok) => {
          answered[i] = true;
          resolve(ok);
        }),
      );
    });
  }
  const lastDue = performance.now();
  const drained = Promise.all(tasks);
  await Promise.race([drained, sleep(Math.max(0, lastDue + job.drainMs - performance.now()))]);
  // Whatever still waits for a slot now is never sent; what is in flight gets its answer.
  pool.close();
  await drained;

  let probeAlone: OpenLoopResult['probeAlone'] = null;
  if (job.probesAlone?.length) {
    const times: number[] = [];
    for (const probe of job.probesAlone) {
      const t = performance.now();
      try {
        await http.send(`${job.queryUrl}${probe.path}`, {
          headers: { ...probe.headers },
          timeoutMs: PROBE_TIMEOUT_MS,
        });
        times.push(performance.now() - t);
      } catch {
        // No answer in time: left out of this reference figure, whose count says so.
      }
    }
    probeAlone = {
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      answered: times.length,
      asked: job.probesAlone.length,
    };
  }
  // Filled in order (each command's record is made before its first wait), so never sparse.
  const offered = records;
  http.close();
  const toEpoch = (t: number) => startedAt + (t - started);
  return {
    summary: summarizeOpenLoop(offered),
    okAnsweredAt: offered
      .filter((r) => typeof r.status === 'number' && r.status < 300 && r.answeredAt !== null)
      .map((r) => toEpoch(r.answeredAt as number)),
    startedAt,
    probeAlone,
    records: offered,
  };
};
