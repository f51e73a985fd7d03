import autocannon from 'autocannon';
import { percentile, sleep } from './measure';
import type { DriverRequest } from './driver-request';
import { runOpenLoop, type OpenLoopJob } from './open-loop-driver';

/**
 * The load generator, run as a child process of the bench (fork) so that it does not share an
 * event loop with the services it measures. It gets one job on its IPC channel and answers once.
 */

export type LoadJob = {
  readonly kind: 'load';
  readonly url: string;
  readonly connections: number;
  readonly durationMs: number;
  /** Requests per second over all connections; unset: as fast as answers come. */
  readonly rate?: number;
  /** Each connection runs whole scripts, taking the next one when done (all the same length). */
  readonly scripts: readonly (readonly DriverRequest[])[];
};
export type LoadResult = {
  readonly perSecond: number;
  readonly ok: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly statuses: Record<string, number>;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly seconds: number;
};

export type LagJob = {
  readonly kind: 'lag';
  readonly commandUrl: string;
  readonly queryUrl: string;
  readonly rate: number;
  readonly durationMs: number;
  /** Commands sent in turn; after each answer `probe` is read with its consistency token. */
  readonly commands: readonly DriverRequest[];
  readonly probe: string;
  readonly tokenHeader: string;
  readonly statusHeader: string;
  /** Commands in flight at most; a command due while that many wait is skipped (overload). */
  readonly maxInFlight: number;
};
export type LagResult = {
  readonly sent: number;
  readonly skipped: number;
  readonly ok: number;
  readonly failed: number;
  readonly stale: number;
  readonly perSecond: number;
  readonly lag: { p50: number; p99: number; max: number };
  readonly command: { p50: number; p99: number };
  readonly probeAlone: { p50: number; p99: number };
};

const runLoad = async (job: LoadJob): Promise<LoadResult> => {
  const steps = job.scripts[0]?.length ?? 0;
  let next = 0;
  type Context = { script?: readonly DriverRequest[] };
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.durationMs / 1_000,
    ...(job.rate ? { overallRate: job.rate } : {}),
    requests: Array.from({ length: steps }, (_, step) => ({
      setupRequest: (request: autocannon.Request, context: Context) => {
        if (step === 0 || !context.script) {
          context.script = job.scripts[next % job.scripts.length];
          next++;
        }
        const r = context.script?.[step];
        if (!r) return request;
        return {
          ...request,
          method: r.method as autocannon.Request['method'],
          path: r.path,
          headers: { ...r.headers },
          ...(r.body === undefined ? {} : { body: r.body }),
        };
      },
    })),
  });
  const statuses: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[code] = stats.count ?? 0;
  }
  return {
    perSecond: result['2xx'] / result.duration,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    seconds: result.duration,
  };
};

const runLag = async (job: LagJob): Promise<LagResult> => {
  const lags: number[] = [];
  const commandTimes: number[] = [];
  const probeTimes: number[] = [];
  let ok = 0;
  let failed = 0;
  let stale = 0;
  let sent = 0;
  let due = 0;
  let skipped = 0;
  const inFlight = new Set<Promise<void>>();
  const one = async (request: DriverRequest) => {
    const t0 = performance.now();
    const answer = await fetch(`${job.commandUrl}${request.path}`, {
      method: request.method,
      headers: { ...request.headers },
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    await answer.arrayBuffer();
    const t1 = performance.now();
    commandTimes.push(t1 - t0);
    const token = answer.headers.get(job.tokenHeader);
    if (answer.status >= 300 || !token) {
      failed++;
      return;
    }
    ok++;
    const probe = await fetch(`${job.queryUrl}${job.probe}`, {
      headers: { ...request.headers, [job.tokenHeader]: token },
    });
    await probe.arrayBuffer();
    lags.push(performance.now() - t1);
    if (probe.headers.get(job.statusHeader) === 'stale') stale++;
  };
  const started = performance.now();
  const interval = 1_000 / job.rate;
  while (performance.now() - started < job.durationMs) {
    const wait = started + due * interval - performance.now();
    if (wait > 1) await sleep(wait);
    due++;
    if (inFlight.size >= job.maxInFlight) {
      skipped++;
      continue;
    }
    const request = job.commands[sent % job.commands.length];
    sent++;
    if (!request) break;
    const running = one(request).catch(() => {
      failed++;
    });
    inFlight.add(running);
    void running.finally(() => inFlight.delete(running));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1_000;
  // The probe alone, without a token to wait for: what a read costs when nothing is pending.
  const plain = job.commands[0]?.headers ?? {};
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    const probe = await fetch(`${job.queryUrl}${job.probe}`, { headers: { ...plain } });
    await probe.arrayBuffer();
    probeTimes.push(performance.now() - t);
  }
  return {
    sent,
    skipped,
    ok,
    failed,
    stale,
    perSecond: ok / seconds,
    lag: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: percentile(lags, 100) },
    command: { p50: percentile(commandTimes, 50), p99: percentile(commandTimes, 99) },
    probeAlone: { p50: percentile(probeTimes, 50), p99: percentile(probeTimes, 99) },
  };
};

process.once('message', (job: LoadJob | LagJob | OpenLoopJob) => {
  const work =
    job.kind === 'load' ? runLoad(job) : job.kind === 'lag' ? runLag(job) : runOpenLoop(job);
  work.then(
    (result) => process.send?.({ result }, () => process.exit(0)),
    (error: unknown) => process.send?.({ error: String(error) }, () => process.exit(1)),
  );
});
