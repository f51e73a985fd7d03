import { CONSISTENCY_STATUS_HEADER, CONSISTENCY_TOKEN_HEADER } from '@campus/contracts';
import { buildCommandMix, type MixKind } from './shared/command-mix';
import { phaseMs, scaled } from './shared/config';
import { driveOpenLoop, startOpenLoop } from './shared/drive';
import { seedHistory, type HistoryStats } from './shared/history';
import type { DriverRequest } from './shared/driver-request';
import { percentile, sleep } from './shared/measure';
import type { OpenLoopResult, OfferedCommand } from './shared/open-loop-driver';
import { seedPastOpportunities, SEED_CLOCK_OFFSET_MS } from './shared/past-opportunities';
import { fmt, ms, type BenchModule, type BenchRow } from './shared/report';
import { BENCH_ADMIN_EMAIL, startBenchStack } from './shared/stack';

const RATE = 1_000;
/** The client's connections: a request due while this many wait for answers is sent late. */
const MAX_IN_FLIGHT = 64;
const CALLERS = 1_000;
const WRITES_PER_SECOND = 50;
/** Signups and withdrawals, and attendance now and then (points: the boards and the ranks move). */
const WRITE_WEIGHTS: Readonly<Record<MixKind, number>> = {
  signup: 70,
  unregister: 28,
  'friend request': 0,
  'friend accept': 0,
  attendance: 2,
};
/** How long the writes may run at most (they are stopped after the last phase). */
const WRITES_PLANNED_MS = 300_000;
/** What the Events screen asks for first: 24 cards and one more that tells whether a next page exists. */
const EVENTS_PAGE = '/api/opps?view=cards&limit=25';

/** `requests` in turn, evenly spaced at `rate` for `durationMs`. */
const readSchedule = (
  requests: readonly DriverRequest[],
  rate: number,
  durationMs: number,
): OfferedCommand[] =>
  Array.from({ length: Math.floor((rate * durationMs) / 1_000) }, (_, i) => ({
    kind: 'read',
    at: (i * 1_000) / rate,
    request: requests[i % requests.length] as DriverRequest,
  }));

type Phase = { label: string; result: OpenLoopResult; from: number; to: number };

/**
 * 4. Queries over HTTP at a steady 1,000 requests/s each (open loop), spread over 1,000 signed-in
 * callers (and over opportunities and profiles where the route takes an id), while 50 commands/s
 * of writes (signups, withdrawals, some attendance) run all along, so that caches kept per
 * position are invalidated as in production: the leaderboard (top 50 and the caller's rank), the
 * Events list's first page of cards out of 3,000 upcoming opportunities, an opportunity's full
 * detail and a profile; beside GET /healthz of the same server in the same conditions.
 */
export const queriesBench: BenchModule = {
  name: 'queries',
  title: 'Queries over HTTP',
  async run() {
    let history: HistoryStats | null = null;
    const upcoming = scaled(3_000, 10);
    const stack = await startBenchStack('queries', {
      before: async (pool) => {
        history = await seedHistory(pool, {
          events: scaled(200_000, 2_000),
          students: scaled(30_000, 50),
          opportunities: scaled(1_000, 10),
          upcoming,
          organizations: scaled(300, 10),
        });
      },
    });
    try {
      const seeded = history as HistoryStats | null;
      if (!seeded) throw new Error('no history');
      const admin = await stack.registerUser(BENCH_ADMIN_EMAIL);
      const host = await stack.registerUser('queries-host@university.edu');
      // Signed-in callers the read model knows (registered through the command service).
      const callers = await stack.registerUsers('reader', CALLERS);
      const phaseLength = phaseMs(5);
      // The seeding command service must find the host and the students it acts for.
      await stack.caughtUp();
      const seeder = await stack.startShiftedCommandService(SEED_CLOCK_OFFSET_MS);
      const held = await seedPastOpportunities(seeder.url, {
        admin,
        host,
        students: callers,
        count: 80,
        participants: 8,
        label: 'queries',
      });
      await seeder.stop();
      await stack.caughtUp();
      // This Postgres runs without autovacuum and the worker projected row by row: give the
      // planner the read model's statistics, as autovacuum would in production.
      await stack.db.pool.query('ANALYZE');
      const as = (i: number) => ({
        authorization: `Bearer ${(callers[i % callers.length] as (typeof callers)[number]).token}`,
      });
      const upcomingIds = seeded.opportunities.slice(-upcoming);
      const students = seeded.students.slice(0, 2_000);
      const get = (path: string, i: number): DriverRequest => ({
        method: 'GET',
        path,
        headers: as(i),
      });
      const byCaller = (path: string) => callers.map((_, i) => get(path, i));
      const cases: { label: string; requests: DriverRequest[] }[] = [
        {
          label:
            'leaderboard: top 50 and the caller’s rank (GET /api/leaderboard?period=all&limit=50)',
          requests: byCaller('/api/leaderboard?period=all&limit=50'),
        },
        {
          label: `Events list: the screen's first page of cards out of ${fmt(upcomingIds.length)} upcoming (${EVENTS_PAGE})`,
          requests: byCaller(EVENTS_PAGE),
        },
        {
          label: 'opportunity detail (GET /api/opps/:id/full)',
          requests: upcomingIds.map((id, i) => get(`/api/opps/${id}/full`, i * 7)),
        },
        {
          label: 'profile (GET /api/users/:id)',
          requests: students.map((id, i) => get(`/api/users/${id}`, i * 13)),
        },
      ];

      // The writes: from now until the last phase has ended.
      const writes = startOpenLoop({
        kind: 'open-loop',
        commandUrl: stack.commandUrl,
        queryUrl: stack.queryUrl,
        commands: buildCommandMix({
          rate: WRITES_PER_SECOND,
          durationMs: WRITES_PLANNED_MS,
          weights: WRITE_WEIGHTS,
          students: callers,
          opportunities: upcomingIds,
          held,
          host,
          probes: false,
        }),
        maxInFlight: 64,
        drainMs: 10_000,
        tokenHeader: CONSISTENCY_TOKEN_HEADER,
        statusHeader: CONSISTENCY_STATUS_HEADER,
        untilStopped: true,
      });
      const phases: Phase[] = [];
      const single: Record<string, number> = {};
      const load = async (label: string, requests: readonly DriverRequest[]) => {
        // A short warm-up (connections, statement plans), then the measured phase.
        await driveOpenLoop({
          kind: 'open-loop',
          commandUrl: stack.queryUrl,
          queryUrl: stack.queryUrl,
          commands: readSchedule(requests, RATE / 4, 1_000),
          maxInFlight: MAX_IN_FLIGHT,
          drainMs: 5_000,
          tokenHeader: CONSISTENCY_TOKEN_HEADER,
          statusHeader: CONSISTENCY_STATUS_HEADER,
        });
        const from = Date.now();
        const result = await driveOpenLoop({
          kind: 'open-loop',
          commandUrl: stack.queryUrl,
          queryUrl: stack.queryUrl,
          commands: readSchedule(requests, RATE, phaseLength),
          maxInFlight: MAX_IN_FLIGHT,
          drainMs: phaseLength,
          tokenHeader: CONSISTENCY_TOKEN_HEADER,
          statusHeader: CONSISTENCY_STATUS_HEADER,
        });
        const phase = { label, result, from, to: Date.now() };
        phases.push(phase);
        return phase;
      };
      let floor: Phase | undefined;
      let writesResult: OpenLoopResult;
      try {
        // Let the writes run a moment before the first phase.
        await sleep(2_000);
        floor = await load('GET /healthz', [{ method: 'GET', path: '/healthz' }]);
        for (const c of cases) {
          // One request at a time first: what a single read costs when nothing else is queued
          // (after a pause, so the previous phase's last requests have been answered).
          await sleep(2_000);
          const times: number[] = [];
          for (const request of c.requests.slice(0, 5)) {
            const started = performance.now();
            const answer = await fetch(`${stack.queryUrl}${request.path}`, {
              headers: { ...request.headers },
            });
            await answer.arrayBuffer();
            times.push(performance.now() - started);
          }
          single[c.label] = percentile(times, 50);
          await load(c.label, c.requests);
        }
      } finally {
        writesResult = await writes.stop();
      }
      const writesIn = (p: Phase) =>
        writesResult.okAnsweredAt.filter((t) => t >= p.from && t <= p.to).length /
        ((p.to - p.from) / 1_000);
      const describe = (p: Phase) => {
        const s = p.result.summary;
        const failed = s.offered - s.ok;
        return `p50 ${ms(s.commandFromSchedule.p50)}, p99 ${ms(s.commandFromSchedule.p99)} at ${fmt(s.answeredPerSecond)}/s answered of ${fmt(RATE)}/s offered${failed ? ` (${fmt(failed)} of ${fmt(s.offered)} not 2xx: ${JSON.stringify(s.failedByStatus)})` : ''}${s.sentLate ? `, ${fmt(s.sentLate)} sent late` : ''}; writes ${fmt(writesIn(p), 1)}/s answered meanwhile`;
      };
      const f = floor.result.summary;
      const rows: BenchRow[] = phases.slice(1).map((p) => {
        const s = p.result.summary;
        const alone = single[p.label] ?? Number.NaN;
        console.log(`  ${p.label}: ${describe(p)}`);
        return {
          measurement: `${p.label}, ${fmt(callers.length)} callers, ${String(WRITES_PER_SECOND)} writes/s`,
          result: `${describe(p)}; one at a time: ${ms(alone)}`,
          baseline: `GET /healthz in the same conditions: ${describe(floor)}`,
          target: `p99 ≤ 2 × /healthz’s p99 at ${fmt(RATE)}/s, ${fmt(CALLERS)} callers, with writes`,
          met:
            s.ok === s.offered &&
            s.commandFromSchedule.p99 <= 2 * f.commandFromSchedule.p99 &&
            s.answeredPerSecond >= RATE * 0.95,
        };
      });
      // For reference: the original unpaged call (every upcoming opportunity with its participants), once.
      const started = performance.now();
      const unpaged = await fetch(`${stack.queryUrl}/api/opps`, { headers: as(0) });
      const unpagedBytes = (await unpaged.arrayBuffer()).byteLength;
      const unpagedMs = performance.now() - started;
      const w = writesResult.summary;
      return {
        rows,
        notes: [
          `The unpaged GET /api/opps (the documented call, every upcoming opportunity with every participant) once alone: ${ms(unpagedMs)} for ${fmt(unpagedBytes / 1_048_576, 1)} MiB.`,
          `Read model from ${fmt(seeded.events)} generated events (${fmt(seeded.students.length)} students, ${fmt(upcomingIds.length)} upcoming opportunities);`,
          `${fmt(callers.length)} callers registered through the command service, each with its own Auth emulator token; the leaderboard and the Events page are asked for by every caller in turn, the detail for ${fmt(upcomingIds.length)} opportunities and the profile for ${fmt(students.length)} students, each by another caller.`,
          `Each phase offers ${fmt(RATE)} requests/s evenly spaced (open loop, from a separate process, at most ${String(MAX_IN_FLIGHT)} in flight): latency is from each request's scheduled time to its answer, so a request sent late carries its delay, and every offered request is counted (percentiles over the answered ones; the not 2xx are named and fail the target).`,
          `Writes all along: ${fmt(w.offered)} commands offered at ${String(WRITES_PER_SECOND)}/s (signups and withdrawals of the callers on the upcoming opportunities, attendance on opportunities that started 36 hours ago), ${fmt(w.ok)} answered 2xx, not 2xx: ${JSON.stringify(w.failedByStatus)}; commands p50 ${ms(w.command.p50)}, p99 ${ms(w.command.p99)}.`,
        ],
        raw: {
          phases: phases.map((p) => ({
            label: p.label,
            summary: p.result.summary,
            writesPerSecond: writesIn(p),
          })),
          writes: w,
          single,
          unpaged: { ms: unpagedMs, bytes: unpagedBytes },
        },
      };
    } finally {
      await stack.stop();
    }
  },
};
