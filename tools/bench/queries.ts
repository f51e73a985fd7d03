import { phaseMs, scaled } from './shared/config';
import { drive } from './shared/drive';
import { percentile, sleep } from './shared/measure';
import { seedHistory, type HistoryStats } from './shared/history';
import type { DriverRequest, LoadResult } from './shared/load-driver';
import { fmt, ms, type BenchModule, type BenchRow } from './shared/report';
import { startBenchStack } from './shared/stack';

const RATE = 1_000;
const CONNECTIONS = 16;
/** What the Events screen asks for first: 24 cards and one more that tells whether a next page exists. */
const EVENTS_PAGE = '/api/opps?view=cards&limit=25';

/**
 * 4. Queries over HTTP at a steady 1,000 requests/s each: the leaderboard (top 50 and the caller's
 * rank), the Events list with 3,000 upcoming opportunities, an opportunity's full detail and a
 * profile, over a read model projected from a generated history; beside GET /healthz of the same
 * server at the same rate.
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
      const caller = await stack.registerUser('bench-reader@university.edu');
      await stack.caughtUp();
      // This Postgres runs without autovacuum and the worker projected row by row: give the
      // planner the read model's statistics, as autovacuum would in production.
      await stack.db.pool.query('ANALYZE');
      const auth = { authorization: `Bearer ${caller.token}` };
      const get = (path: string): DriverRequest[] => [{ method: 'GET', path, headers: auth }];
      const upcomingIds = seeded.opportunities.slice(-upcoming);
      const students = seeded.students.slice(0, 2_000);
      const cases: { label: string; target: number; scripts: DriverRequest[][] }[] = [
        {
          label:
            'leaderboard: top 50 and the caller’s rank (GET /api/leaderboard?period=all&limit=50)',
          target: 5,
          scripts: [get('/api/leaderboard?period=all&limit=50')],
        },
        {
          label: `Events list: the screen's first page of cards out of ${fmt(upcomingIds.length)} upcoming (${EVENTS_PAGE})`,
          target: 20,
          scripts: [get(EVENTS_PAGE)],
        },
        {
          label: 'opportunity detail (GET /api/opps/:id/full)',
          target: 20,
          scripts: upcomingIds.map((id) => get(`/api/opps/${id}/full`)),
        },
        {
          label: 'profile (GET /api/users/:id)',
          target: 20,
          scripts: students.map((id) => get(`/api/users/${id}`)),
        },
      ];
      const load = (scripts: DriverRequest[][]) =>
        drive({
          kind: 'load',
          url: stack.queryUrl,
          connections: CONNECTIONS,
          durationMs: phaseMs(5),
          rate: RATE,
          scripts,
        });
      const floor = await load([[{ method: 'GET', path: '/healthz' }]]);
      const rows: BenchRow[] = [];
      const raw: Record<string, LoadResult> = { floor };
      const single: Record<string, number> = {};
      for (const c of cases) {
        // One request at a time first: what a single read costs when nothing else is queued
        // (after a pause, so the previous phase's last requests have been answered).
        await sleep(2_000);
        const times: number[] = [];
        for (const [request] of c.scripts.slice(0, 5)) {
          if (!request) continue;
          const started = performance.now();
          const answer = await fetch(`${stack.queryUrl}${request.path}`, { headers: auth });
          await answer.arrayBuffer();
          times.push(performance.now() - started);
        }
        single[c.label] = percentile(times, 50);
        // A short warm-up (connections, statement plans), then the measured phase.
        await drive({
          kind: 'load',
          url: stack.queryUrl,
          connections: 4,
          durationMs: 1_000,
          scripts: c.scripts,
        });
        const r = await load(c.scripts);
        raw[c.label] = r;
        console.log(
          `  ${c.label}: ${fmt(r.perSecond)}/s p50 ${ms(r.p50)} p99 ${ms(r.p99)} ${JSON.stringify(r.statuses)}`,
        );
        const alone = `one at a time: ${ms(single[c.label] ?? Number.NaN)}`;
        rows.push({
          measurement: c.label,
          result: r.ok
            ? `p50 ${ms(r.p50)}, p99 ${ms(r.p99)} at ${fmt(r.perSecond)}/s${r.non2xx ? ` (${fmt(r.non2xx)} non-2xx)` : ''}; ${alone}`
            : `no answer within the ${fmt(r.seconds)} s phase; ${alone}`,
          baseline: `GET /healthz at ${fmt(floor.perSecond)}/s: p50 ${ms(floor.p50)}, p99 ${ms(floor.p99)}`,
          target: `p99 < ${String(c.target)} ms at 1,000/s`,
          met: r.ok > 0 && r.p99 < c.target && r.perSecond >= RATE * 0.95 && r.non2xx === 0,
        });
      }
      // For reference: the original unpaged call (every upcoming opportunity with its participants), once.
      const started = performance.now();
      const unpaged = await fetch(`${stack.queryUrl}/api/opps`, { headers: auth });
      const unpagedBytes = (await unpaged.arrayBuffer()).byteLength;
      const unpagedMs = performance.now() - started;
      return {
        rows,
        notes: [
          `The unpaged GET /api/opps (the documented call, every upcoming opportunity with every participant) once alone: ${ms(unpagedMs)} for ${fmt(unpagedBytes / 1_048_576, 1)} MiB.`,
          `Read model from ${fmt(seeded.events)} generated events (${fmt(seeded.students.length)} students, ${fmt(upcomingIds.length)} upcoming opportunities);`,
          `autocannon in a separate process, ${String(CONNECTIONS)} connections, ${fmt(RATE)} requests/s each.`,
        ],
        raw: { ...raw, single, unpaged: { ms: unpagedMs, bytes: unpagedBytes } },
      };
    } finally {
      await stack.stop();
    }
  },
};
