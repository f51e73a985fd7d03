import { readFile } from 'node:fs/promises';
import { liveChangeSchema } from '@campus/contracts';
import { openLiveStream, type LiveMessage, type LiveStreamReader } from '@campus/infra/testing';
import { scaled } from './shared/config';
import { percentile, sleep } from './shared/measure';
import { startCpuMeasurement } from './shared/proc-cpu';
import { fmt, ms, type BenchModule } from './shared/report';
import { startGateway } from './frontend/ui-stack';
import { BENCH_ADMIN_EMAIL, startBenchStack, type Account } from './shared/stack';

/** Open streams at scale 1, each of its own registered user (production: one per person). */
const STREAMS = 1_000;
/** Signups whose change is awaited on every stream, one after the other. */
const WRITES = 40;
/** Signups first, with one stream open: the baseline (and a warm-up of the whole path). */
const BASELINE_WRITES = 10;
/** How long a write waits for every stream's message before the next write is sent. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** After the last write: how long late messages are still counted (and never dropped). */
const LATE_GRACE_MS = 3_000;
/** Pause between one write's last delivery and the next write. */
const WRITE_GAP_MS = 100;
/** How long a stream may take to send its `ready` message. */
const READY_TIMEOUT_MS = 60_000;
/** The idle window: two of the hub's 15-second heartbeats, and nothing else. */
const IDLE_MS = 30_000;
/** The idle window before any stream is open (the baseline of the idle cost). */
const IDLE_BASELINE_MS = 10_000;
/** Streams opened one at a time first: the baseline of the opening time. */
const ALONE = 5;

type Write = {
  readonly opportunityId: string;
  readonly sentAt: number;
  answeredAt: number | null;
  status: number | 'error';
  /** Stream index → when its `change` naming the opportunity was parsed (performance.now()). */
  readonly delivered: Map<number, number>;
  duplicates: number;
  /** How many streams were expected to hear of it (those open when it was sent). */
  readonly expected: number;
  done: (() => void) | null;
};

/** The opportunity ids of a `change` message (nothing else it may name). */
const opportunitiesOf = (message: LiveMessage): string[] => {
  const parsed = liveChangeSchema.safeParse(message.data);
  if (!parsed.success) return [];
  return parsed.data.topics.flatMap((t) => (t.kind === 'opportunity' ? [t.id] : []));
};

/** The resident set of a process in bytes (Linux /proc), null when it cannot be read. */
const rssOf = async (pid: number | undefined): Promise<number | null> => {
  if (pid === undefined) return null;
  try {
    const status = await readFile(`/proc/${String(pid)}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb === undefined ? null : Number(kb) * 1_024;
  } catch {
    return null;
  }
};
/** The query service's JavaScript heap in use, from its Prometheus /metrics (prom-client's). */
const heapOf = async (queryUrl: string): Promise<number | null> => {
  try {
    const text = await (await fetch(`${queryUrl}/metrics`)).text();
    const value = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)$/m.exec(text)?.[1];
    return value === undefined ? null : Number(value);
  } catch {
    return null;
  }
};
/** This process's CPU (user and system) since `from`, in ms. */
const cpuMsSince = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1_000;
};
const mib = (bytes: number | null) => (bytes === null ? 'n/a' : `${fmt(bytes / 2 ** 20, 1)} MiB`);

/** `[p50, p95, p99, max]` of `values`, where Infinity is a message that never came. */
const spread = (values: readonly number[]) => ({
  p50: percentile(values, 50),
  p95: percentile(values, 95),
  p99: percentile(values, 99),
  max: values.length ? values.reduce((a, b) => Math.max(a, b), -Infinity) : Number.NaN,
});
const lagMs = (n: number) => (n === Number.POSITIVE_INFINITY ? 'never came' : ms(n));
const spreadText = (s: ReturnType<typeof spread>) =>
  `p50 ${lagMs(s.p50)}, p95 ${lagMs(s.p95)}, p99 ${lagMs(s.p99)}, max ${lagMs(s.max)}`;

/**
 * 9. Live updates (GET /api/live, Server-Sent Events from the query service) with 1,000 streams
 * open through the gateway, each of its own registered student: how long after a signup's
 * command answer every stream gets the `change` naming the opportunity (every expected message
 * counted, late ones included, missing ones as never came), beside the same with one stream
 * open; how long opening them all at once takes; the query service's memory; and the CPU of
 * idle streams (heartbeats only).
 */
export const liveBench: BenchModule = {
  name: 'live',
  title: 'Live updates',
  async run() {
    const stack = await startBenchStack('live');
    let gateway: Awaited<ReturnType<typeof startGateway>> | null = null;
    const streams: LiveStreamReader[] = [];
    try {
      gateway = await startGateway(stack, null);
      const gatewayUrl = gateway.url;
      const n = scaled(STREAMS, 10);
      const admin = await stack.registerUser(BENCH_ADMIN_EMAIL);
      const students = await stack.registerUsers('live', n);
      // Each write its own public approved opportunity: a message names exactly one write.
      const opportunityIds = await stack.createOpportunities(admin, BASELINE_WRITES + WRITES, {
        totalSlots: 100,
      });
      // Every student in the read model: no stream needs a consistency token.
      await stack.caughtUp();
      const queryPid = (await stack.cpuGroups())['query service']?.processGroups?.[0];
      const cpuGroups = {
        'query service': { processGroups: queryPid === undefined ? [] : [queryPid] },
        gateway: { processGroups: gateway.pid === undefined ? [] : [gateway.pid] },
      };

      // --- the streams' messages ------------------------------------------------------------
      const byOpportunity = new Map<string, Write>();
      const heartbeats: number[] = [];
      const others: Record<string, number> = {};
      let closing = false;
      let endedEarly = 0;
      const listen = (stream: LiveStreamReader, index: number) => {
        heartbeats[index] = 0;
        stream.onMessage((message) => {
          if (message.event === 'heartbeat') {
            heartbeats[index] = (heartbeats[index] ?? 0) + 1;
            return;
          }
          if (message.event !== 'change') {
            if (message.event !== 'ready') others[message.event] = (others[message.event] ?? 0) + 1;
            return;
          }
          for (const id of opportunitiesOf(message)) {
            const write = byOpportunity.get(id);
            if (!write) continue;
            if (write.delivered.has(index)) {
              write.duplicates += 1;
              continue;
            }
            write.delivered.set(index, message.at);
            if (write.delivered.size >= write.expected) write.done?.();
          }
        });
        void stream.ended.then(() => {
          if (!closing) endedEarly += 1;
        });
      };

      /** Opens the stream of `account` through the gateway; answers it once `ready` came. */
      const open = async (account: Account) => {
        const t0 = performance.now();
        const stream = await openLiveStream(`${gatewayUrl}/api/live`, account.token);
        if (stream.status !== 200) return { stream, ms: null };
        await stream.next((m) => m.event === 'ready', READY_TIMEOUT_MS);
        return { stream, ms: performance.now() - t0 };
      };

      /** One signup through the gateway, then every open stream's message (or the timeout). */
      const write = async (index: number, expected: number): Promise<Write> => {
        const student = students[index % students.length] as Account;
        const opportunityId = opportunityIds[index] as string;
        const record: Write = {
          opportunityId,
          sentAt: performance.now(),
          answeredAt: null,
          status: 'error',
          delivered: new Map(),
          duplicates: 0,
          expected,
          done: null,
        };
        byOpportunity.set(opportunityId, record);
        const all = new Promise<void>((resolve) => {
          record.done = resolve;
        });
        try {
          const response = await fetch(`${gatewayUrl}/api/register-opp`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${student.token}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ user_id: student.userId, opportunity_id: opportunityId }),
          });
          // The answer has arrived (its headers); its small body is read after the stamp.
          record.answeredAt = performance.now();
          record.status = response.status;
          await response.arrayBuffer();
        } catch {
          record.answeredAt = performance.now();
        }
        if (typeof record.status === 'number' && record.status >= 200 && record.status < 300) {
          if (record.delivered.size < expected) {
            let timer: NodeJS.Timeout | undefined;
            await Promise.race([
              all,
              new Promise<void>((resolve) => {
                timer = setTimeout(resolve, DELIVERY_TIMEOUT_MS);
              }),
            ]);
            clearTimeout(timer);
          }
        }
        record.done = null;
        return record;
      };

      /** Every expected message's delay after its write's answer; Infinity: never came. */
      const latencies = (writes: readonly Write[]) =>
        writes.flatMap((w) => {
          const came = [...w.delivered.values()].map((at) => at - (w.answeredAt ?? at));
          return [...came, ...Array<number>(Math.max(0, w.expected - came.length)).fill(Infinity)];
        });
      const okWrites = (writes: readonly Write[]) =>
        writes.filter((w) => typeof w.status === 'number' && w.status >= 200 && w.status < 300);

      // --- idle baseline: no stream open ------------------------------------------------------
      const rssIdle = await rssOf(queryPid);
      const heapIdle = await heapOf(stack.queryUrl);
      const gatewayRssIdle = await rssOf(gateway.pid);
      const idleBaselineCpu = await startCpuMeasurement(cpuGroups);
      await sleep(IDLE_BASELINE_MS);
      const idleBaseline = await idleBaselineCpu.stop();

      // --- baseline: streams alone, and the writes with one stream open -----------------------
      const aloneMs: number[] = [];
      for (const account of students.slice(0, ALONE)) {
        const opened = await open(account);
        if (opened.ms !== null) aloneMs.push(opened.ms);
        opened.stream.close();
        await opened.stream.ended;
      }
      const single = await open(students[0] as Account);
      if (single.ms === null)
        throw new Error(`a lone stream was refused: ${String(single.stream.status)}`);
      listen(single.stream, 0);
      const baselineWrites: Write[] = [];
      for (let i = 0; i < BASELINE_WRITES; i++) {
        baselineWrites.push(await write(i, 1));
        await sleep(WRITE_GAP_MS);
      }
      closing = true;
      single.stream.close();
      await single.stream.ended;
      closing = false;
      const baseline = spread(latencies(okWrites(baselineWrites)));

      // --- n streams opened at once -------------------------------------------------------------
      const openCpu = await startCpuMeasurement(cpuGroups);
      const openClient = process.cpuUsage();
      const openStarted = performance.now();
      const results = await Promise.allSettled(students.map((account) => open(account)));
      const openSeconds = (performance.now() - openStarted) / 1_000;
      const openCpuMs = await openCpu.stop();
      const openClientMs = cpuMsSince(openClient);
      const openMs: number[] = [];
      const refused: Record<string, number> = {};
      const streamOf: (LiveStreamReader | null)[] = [];
      for (const [i, result] of results.entries()) {
        if (result.status === 'rejected') {
          const reason = String(result.reason).slice(0, 80);
          refused[reason] = (refused[reason] ?? 0) + 1;
          streamOf.push(null);
          continue;
        }
        streams.push(result.value.stream);
        if (result.value.ms === null) {
          const status = String(result.value.stream.status);
          refused[status] = (refused[status] ?? 0) + 1;
          streamOf.push(null);
          continue;
        }
        openMs.push(result.value.ms);
        streamOf.push(result.value.stream);
        listen(result.value.stream, i);
      }
      const openCount = openMs.length;
      const opening = spread(openMs);
      gateway.check();
      const rssOpen = await rssOf(queryPid);
      const heapOpen = await heapOf(stack.queryUrl);
      const gatewayRssOpen = await rssOf(gateway.pid);

      // --- the writes -------------------------------------------------------------------------
      const writeCpu = await startCpuMeasurement(cpuGroups);
      const writeClient = process.cpuUsage();
      const writesStarted = performance.now();
      const writes: Write[] = [];
      for (let i = BASELINE_WRITES; i < BASELINE_WRITES + WRITES; i++) {
        writes.push(await write(i, openCount));
        await sleep(WRITE_GAP_MS);
      }
      const waitedLate = writes.some((w) => w.delivered.size < w.expected);
      if (waitedLate) await sleep(LATE_GRACE_MS);
      const writesSeconds = (performance.now() - writesStarted) / 1_000;
      const writeCpuMs = await writeCpu.stop();
      const writeClientMs = cpuMsSince(writeClient);
      const rssWrites = await rssOf(queryPid);
      const ok = okWrites(writes);
      const failedWrites = writes.length - ok.length;
      const all = latencies(ok);
      const delivery = spread(all);
      const expected = ok.reduce((s, w) => s + w.expected, 0);
      const received = ok.reduce((s, w) => s + w.delivered.size, 0);
      const late = ok.reduce(
        (s, w) =>
          s +
          [...w.delivered.values()].filter((at) => at - (w.answeredAt ?? at) > DELIVERY_TIMEOUT_MS)
            .length,
        0,
      );
      const duplicates = ok.reduce((s, w) => s + w.duplicates, 0);
      const early = all.filter((x) => x < 0).length;
      /** Per write: its first and its last stream's message, after the answer. */
      const firsts = ok.map((w) => Math.min(...w.delivered.values()) - (w.answeredAt ?? 0));
      const fanOut = ok.map(
        (w) => Math.max(...w.delivered.values()) - Math.min(...w.delivered.values()),
      );
      const commandMs = writes.map((w) => (w.answeredAt ?? w.sentAt) - w.sentAt);

      // --- idle: heartbeats only ----------------------------------------------------------------
      const heartbeatsBefore = heartbeats.reduce((a, b) => a + b, 0);
      const idleCpu = await startCpuMeasurement(cpuGroups);
      await sleep(IDLE_MS);
      const idleCpuMs = await idleCpu.stop();
      const idleHeartbeats = heartbeats.reduce((a, b) => a + b, 0) - heartbeatsBefore;
      const rssAfterIdle = await rssOf(queryPid);
      const heapAfterIdle = await heapOf(stack.queryUrl);
      const gatewayRssAfterIdle = await rssOf(gateway.pid);
      const stillOpen = streamOf.filter((s) => s !== null).length - endedEarly;
      gateway.check();

      const perSecond = (cpu: Record<string, number>, windowMs: number, name: string) =>
        ((cpu[name] ?? 0) * 1_000) / windowMs;
      const idleText = (cpu: Record<string, number>, windowMs: number) =>
        `query service ${fmt(perSecond(cpu, windowMs, 'query service'), 1)}, gateway ${fmt(perSecond(cpu, windowMs, 'gateway'), 1)} ms of CPU a second`;
      /** The growth from no stream to `openCount`, per stream (garbage not yet collected counts). */
      const perStream = (before: number | null, after: number | null) =>
        before !== null && after !== null && openCount
          ? `${fmt((after - before) / 1_024 / openCount, 1)} KiB a stream`
          : 'n/a';
      const refusedText = Object.keys(refused).length ? JSON.stringify(refused) : 'none';
      const through = 'through the gateway (infra/src/gateway/main.ts, its own process)';
      console.log(
        `  live: ${JSON.stringify({ delivery, baseline, opening, openSeconds, expected, received, late, duplicates, refused, others, endedEarly })}`,
      );

      return {
        rows: [
          {
            measurement: `live updates: a signup's command answer (POST /api/register-opp ${through}) → the \`change\` naming its opportunity parsed on each of ${fmt(openCount)} open streams (GET /api/live, each of its own student); ${String(WRITES)} signups one after the other, each awaited on every stream (or ${String(DELIVERY_TIMEOUT_MS / 1_000)} s); every expected message counted, a missing one as never came`,
            result: `${spreadText(delivery)}; ${fmt(received)} of ${fmt(expected)} expected messages came (${fmt(late)} after ${String(DELIVERY_TIMEOUT_MS / 1_000)} s, ${fmt(expected - received)} never, ${fmt(duplicates)} twice)${failedWrites ? `; ${String(failedWrites)} signups not answered 2xx` : ''}`,
            baseline: `the same with one stream open (${String(okWrites(baselineWrites).length)} signups before the others opened): ${spreadText(baseline)}`,
            target: '',
            met: null,
          },
          {
            measurement: `opening ${fmt(n)} streams at once ${through}, each of its own student (request → its \`ready\` message)`,
            result: `all ready in ${fmt(openSeconds, 2)} s; per stream ${spreadText(opening)}; refused: ${refusedText}`,
            baseline: `${String(ALONE)} streams opened one at a time before: p50 ${ms(percentile(aloneMs, 50))}, max ${ms(Math.max(...aloneMs))}`,
            target: '',
            met: null,
          },
          {
            measurement: `query service's resident memory (VmRSS from /proc) with ${fmt(openCount)} streams open`,
            result: `${mib(rssOpen)} after opening (${perStream(rssIdle, rssOpen)}; JavaScript heap in use ${mib(heapOpen)}, ${perStream(heapIdle, heapOpen)}), ${mib(rssWrites)} after the signups, ${mib(rssAfterIdle)} after ${String(IDLE_MS / 1_000)} s idle (heap ${mib(heapAfterIdle)}); gateway ${mib(gatewayRssOpen)} after opening, ${mib(gatewayRssAfterIdle)} after idle`,
            baseline: `no stream open: query service ${mib(rssIdle)} (heap ${mib(heapIdle)}), gateway ${mib(gatewayRssIdle)}`,
            target: '',
            met: null,
          },
          {
            measurement: `idle cost of ${fmt(stillOpen)} open streams: CPU over ${String(IDLE_MS / 1_000)} s with nothing written (heartbeats every 15 s only)`,
            result: `${idleText(idleCpuMs, IDLE_MS)}; ${fmt(idleHeartbeats)} heartbeats received (${fmt(idleHeartbeats / Math.max(1, stillOpen), 2)} a stream)`,
            baseline: `${String(IDLE_BASELINE_MS / 1_000)} s with no stream open: ${idleText(idleBaseline, IDLE_BASELINE_MS)}`,
            target: '',
            met: null,
          },
        ],
        notes: [
          `${fmt(n)} students registered through the command service, each with its own Auth emulator token; ${String(BASELINE_WRITES + WRITES)} approved public opportunities of one organization (so every student may read each, and each signup's change names one opportunity only). The streams, the signups and the load driver (this process, which parses every stream with \`openLiveStream\` from @campus/infra/testing and stamps each message as it is parsed) share the machine with the services, Postgres, Redis and the gateway; Node's own fetch (undici's default agent, no connection limit per origin) opened all ${fmt(n)} connections at once.`,
          `Signups: each by another student, ${String(WRITE_GAP_MS)} ms after the previous one's last message; the command answered in p50 ${ms(percentile(commandMs, 50))}, max ${ms(Math.max(...commandMs))} (sent → headers, through the gateway). Per signup, its first stream's message came p50 ${ms(percentile(firsts, 50))} after the answer (max ${ms(Math.max(...firsts))}) and its last one p50 ${ms(percentile(fanOut, 50))} after the first (max ${ms(Math.max(...fanOut))}): the spread over the streams is the fan-out in the query service and the gateway plus this process reading ${fmt(openCount)} sockets. ${fmt(early)} messages came before the command's answer (counted with a negative delay). Other messages during the signups: ${JSON.stringify(others)}; streams the server ended: ${String(endedEarly)}. CPU (from /proc) over the ${fmt(writesSeconds, 1)} s of signups: query service ${fmt(writeCpuMs['query service'] ?? 0)} ms, gateway ${fmt(writeCpuMs['gateway'] ?? 0)} ms, this process ${fmt(writeClientMs)} ms (${fmt((writeCpuMs['query service'] ?? 0) / Math.max(1, ok.length), 1)}, ${fmt((writeCpuMs['gateway'] ?? 0) / Math.max(1, ok.length), 1)} and ${fmt(writeClientMs / Math.max(1, ok.length), 1)} ms a signup); opening the streams: query service ${fmt(openCpuMs['query service'] ?? 0)} ms, gateway ${fmt(openCpuMs['gateway'] ?? 0)} ms, this process ${fmt(openClientMs)} ms.`,
          `The gateway is the product's Node gateway (\`npm start\`'s, infra/src/gateway/main.ts, the one the frontend measurement starts too), in front of the services started from their production entry points; production puts nginx there (infra/nginx/campus.conf), which this machine does not have, so the gateway's CPU and memory are the Node gateway's. Memory: VmRSS of the query service's and the gateway's processes from /proc, and the query service's JavaScript heap in use from its /metrics (prom-client); both include garbage not yet collected, so a growth per stream is rough.`,
        ],
        raw: {
          streams: n,
          open: openCount,
          refused,
          openSeconds,
          opening,
          aloneMs,
          delivery,
          baseline,
          expected,
          received,
          late,
          duplicates,
          early,
          failedWrites,
          others,
          endedEarly,
          perWrite: writes.map((w) => ({
            status: w.status,
            commandMs: (w.answeredAt ?? w.sentAt) - w.sentAt,
            expected: w.expected,
            received: w.delivered.size,
            duplicates: w.duplicates,
            ...spread(latencies([w])),
          })),
          rss: {
            query: { idle: rssIdle, open: rssOpen, writes: rssWrites, afterIdle: rssAfterIdle },
            queryHeap: { idle: heapIdle, open: heapOpen, afterIdle: heapAfterIdle },
            gateway: { idle: gatewayRssIdle, open: gatewayRssOpen, afterIdle: gatewayRssAfterIdle },
          },
          cpuMs: { idleBaseline, open: openCpuMs, writes: writeCpuMs, idle: idleCpuMs },
          idleHeartbeats,
        },
      };
    } finally {
      for (const stream of streams) stream.close();
      await Promise.allSettled(streams.map((s) => s.ended));
      try {
        await gateway?.stop();
      } finally {
        await stack.stop();
      }
    }
  },
};
