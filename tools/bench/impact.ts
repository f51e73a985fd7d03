import { spawn } from 'node:child_process';
import type { Pool } from '@campus/infra';
import { authEmulatorHost, emulatorIdToken, TEST_FIREBASE_PROJECT_ID } from '@campus/infra/testing';
import { ADMIN_EMAIL as DEMO_ADMIN_EMAIL } from '../demo-data/plan';
import { startGateway } from './frontend/ui-stack';
import { seedHistory, type HistoryStats } from './shared/history';
import { percentile, sleep } from './shared/measure';
import { fmt, ms, type BenchModule, type BenchRow } from './shared/report';
import { benchEnv, scaled } from './shared/config';
import { BENCH_ADMIN_EMAIL, startBenchStack, type BenchStack } from './shared/stack';

/** Requests of each case, sent one at a time after a warm-up of WARM_UP. */
const REQUESTS = 1_000;
const WARM_UP = 200;
/** How long the demo loader may take before the bench gives up on it. */
const LOADER_TIMEOUT_MS = 600_000;
/** The target for every dashboard call at the demo's scale (docs/impact.md). */
const TARGET_P99_MS = 20;

/** What a read model holds, and the organization and day its cases ask for. */
type Shape = {
  service: number;
  logged: number;
  registrations: number;
  organization: string | null;
  day: string | null;
};

type Measured = { label: string; times: number[] };

const readShape = async (pool: Pool): Promise<Shape & { organization: string; day: string }> => {
  // As autovacuum would in production: the planner's statistics of the read model.
  await pool.query('ANALYZE');
  const { rows } = await pool.query<Shape>(
    `SELECT (SELECT count(*) FROM read.impact_service)::int AS service,
            (SELECT count(*) FROM read.impact_service WHERE opportunity_id IS NULL)::int AS logged,
            (SELECT count(*) FROM read.impact_registrations)::int AS registrations,
            (SELECT organization_id::text FROM read.impact_service
              WHERE organization_id IS NOT NULL
              GROUP BY organization_id ORDER BY count(*) DESC LIMIT 1) AS organization,
            (SELECT to_char(percentile_disc(0.5) WITHIN GROUP (ORDER BY service_date),
                            'YYYY-MM-DD')
               FROM read.impact_service) AS day`,
  );
  const shape = rows[0];
  if (!shape?.organization || !shape.day) throw new Error('the read model holds no service');
  return { ...shape, organization: shape.organization, day: shape.day };
};

/** `count` requests to `path`, one at a time: each one's time to its whole answer. */
const timed = async (
  url: string,
  token: string,
  path: string,
  count: number,
): Promise<number[]> => {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const answer = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await answer.arrayBuffer();
    if (answer.status !== 200) throw new Error(`${path}: ${String(answer.status)}`);
    times.push(performance.now() - started);
  }
  return times;
};

/**
 * The three cases over one read model, asked by an admin of the query service at `url`: every
 * organization over the default range, the organization with the most facts, and every
 * organization as of the median service date. Each after WARM_UP requests, REQUESTS one at a time.
 */
const measureCases = async (url: string, token: string, shape: Shape): Promise<Measured[]> => {
  const cases = [
    { label: 'every organization, from the launch date to today', query: '' },
    { label: 'its busiest organization', query: `?organization_id=${String(shape.organization)}` },
    { label: 'every organization as of a past day', query: `?as_of=${String(shape.day)}` },
  ];
  const measured: Measured[] = [];
  for (const c of cases) {
    await sleep(500);
    await timed(url, token, `/api/impact${c.query}`, WARM_UP);
    measured.push({
      label: c.label,
      times: await timed(url, token, `/api/impact${c.query}`, REQUESTS),
    });
  }
  return measured;
};

const summary = (times: readonly number[]) =>
  `p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${ms(Math.max(...times))}`;

/** GET /healthz of the same server, one at a time: the floor under every row. */
const measureFloor = async (url: string, token: string): Promise<number[]> => {
  await timed(url, token, '/healthz', WARM_UP);
  return timed(url, token, '/healthz', REQUESTS);
};

/** The demo campus (tools/demo-data/load.ts, as `npm start` loads it) through the stack's gateway. */
const loadDemo = async (stack: BenchStack, adminEmails: string, scale: number): Promise<void> => {
  const gateway = await startGateway(stack, null);
  try {
    const output: string[] = [];
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn('npx', ['tsx', 'tools/demo-data/load.ts', gateway.url], {
        env: {
          PATH: process.env['PATH'],
          HOME: process.env['HOME'],
          APP_ENV: 'test',
          DATABASE_URL: stack.db.url,
          FIREBASE_PROJECT_ID: TEST_FIREBASE_PROJECT_ID,
          FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost(),
          ADMIN_EMAILS: adminEmails,
          DEMO_DATA_SCALE: String(scale),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const keep = (chunk: Buffer) => output.push(chunk.toString());
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      // The demo loads in under a minute here: ten is a hung loader, not a slow one.
      const timer = setTimeout(() => child.kill('SIGTERM'), LOADER_TIMEOUT_MS);
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      // 'close', not 'exit': the output is read to its end first.
      child.once('close', (code) => {
        clearTimeout(timer);
        resolve(code);
      });
    });
    if (code !== 0) {
      console.error(output.join('').slice(-4_000));
      throw new Error(`the demo loader exited with ${String(code)}`);
    }
  } finally {
    await gateway.stop();
  }
};

/**
 * 8. The impact dashboard (GET /api/impact, docs/impact.md) at the demo's scale, over two read
 * models: the demo campus itself, loaded as `npm start` loads it (its attendance and its logged
 * hours), and a generated history of the demo's size with more attendance (docs/demo-data.md: 300
 * students, 28 organizations, attendance marked for 30 held opportunities, 50 upcoming). Each is
 * asked by an admin one request at a time: every organization over the default range, one
 * organization, and as of a past day; beside GET /healthz of the same server, one at a time too.
 */
export const impactBench: BenchModule = {
  name: 'impact',
  title: 'Impact dashboard',
  async run() {
    const demoScale = benchEnv.BENCH_SCALE >= 1 ? 1 : 0.3;
    const demoAdmins = [DEMO_ADMIN_EMAIL];
    const demoStack = await startBenchStack('impact-demo', { admins: demoAdmins });
    let demo: { shape: Shape; floor: number[]; measured: Measured[] };
    try {
      const loading = performance.now();
      await loadDemo(demoStack, [BENCH_ADMIN_EMAIL, ...demoAdmins].join(','), demoScale);
      await demoStack.caughtUp();
      console.log(`  the demo campus loaded in ${ms(performance.now() - loading)}`);
      const shape = await readShape(demoStack.db.pool);
      const token = await emulatorIdToken(DEMO_ADMIN_EMAIL);
      const floor = await measureFloor(demoStack.queryUrl, token);
      demo = { shape, floor, measured: await measureCases(demoStack.queryUrl, token, shape) };
    } finally {
      await demoStack.stop();
    }

    let history: HistoryStats | null = null;
    const held = scaled(30, 5);
    const stack = await startBenchStack('impact', {
      before: async (pool) => {
        history = await seedHistory(pool, {
          events: scaled(4_000, 500),
          students: scaled(300, 40),
          opportunities: held,
          upcoming: scaled(50, 5),
          organizations: 28,
        });
      },
    });
    let generated: { shape: Shape; floor: number[]; measured: Measured[] };
    try {
      const admin = await stack.registerUser(BENCH_ADMIN_EMAIL);
      await stack.caughtUp();
      const shape = await readShape(stack.db.pool);
      const floor = await measureFloor(stack.queryUrl, admin.token);
      generated = {
        shape,
        floor,
        measured: await measureCases(stack.queryUrl, admin.token, shape),
      };
    } finally {
      await stack.stop();
    }
    const seeded = history as HistoryStats | null;
    if (!seeded) throw new Error('no history');

    const rowsOf = (where: string, run: { floor: number[]; measured: Measured[] }): BenchRow[] =>
      run.measured.map((m) => {
        console.log(`  ${where}, ${m.label}: ${summary(m.times)}`);
        return {
          measurement: `impact dashboard (GET /api/impact), ${where}, ${m.label}, admin, ${fmt(REQUESTS)} requests one at a time`,
          result: summary(m.times),
          baseline: `GET /healthz one at a time, same server: ${summary(run.floor)}`,
          target: `p99 < ${String(TARGET_P99_MS)} ms at the demo's scale`,
          met: percentile(m.times, 99) < TARGET_P99_MS,
        };
      });
    const raw = (run: { shape: Shape; floor: number[]; measured: Measured[] }) => ({
      facts: run.shape,
      floor: { p50: percentile(run.floor, 50), p99: percentile(run.floor, 99) },
      cases: run.measured.map((m) => ({
        label: m.label,
        p50: percentile(m.times, 50),
        p99: percentile(m.times, 99),
        max: Math.max(...m.times),
      })),
    });
    return {
      rows: [...rowsOf('the demo campus', demo), ...rowsOf('a generated history', generated)],
      notes: [
        `The demo campus: loaded by the demo loader (tools/demo-data/load.ts) at scale ${String(demoScale)} through the product's gateway, as \`npm start\` loads it: ${fmt(demo.shape.service)} service facts, of which ${fmt(demo.shape.logged)} are verified hours logged off the platform, and ${fmt(demo.shape.registrations)} registrations of marked attendances.`,
        `A generated history: a read model from ${fmt(seeded.events)} generated events (${fmt(seeded.students.length)} students, ${fmt(seeded.organizations.length)} organizations, ${fmt(seeded.opportunities.length)} opportunities of which ${fmt(held)} held, with attendance): ${fmt(generated.shape.service)} service facts (none logged) and ${fmt(generated.shape.registrations)} registrations of marked attendances, more attendance than the demo holds.`,
        `Each case: ${String(WARM_UP)} requests to warm up, then ${fmt(REQUESTS)} sent one at a time over HTTP to the query service (its own process), each timed from sending to its whole answer; the busiest organization is the one with the most facts; the past day is the median service date.`,
      ],
      raw: { demo: raw(demo), generated: raw(generated) },
    };
  },
};
