import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { authEmulatorHost } from '@campus/infra/testing';
import { buildUi, readLayout } from './frontend/build';
import {
  checkHeaders,
  measureBundles,
  type BundleBytes,
  type HeaderCheck,
} from './frontend/bundles';
import { measurePages, MOBILE_RUNS, type PageResult, type PageSpec } from './frontend/pages';
import { startGateway, startUiStack, UI_STUDENT_EMAIL } from './frontend/ui-stack';
import { benchEnv } from './shared/config';
import { fmt, type BenchModule, type BenchRow } from './shared/report';

const INITIAL_ROUTE = 'login';
/** kB here is 1,000 bytes. */
const INITIAL_TARGET_BYTES = 170_000;
const LARGEST_TARGET_BYTES = 220_000;
const PERFORMANCE_TARGET = 90;
/** The whole measurement is given up after this long (Chromium, gateways and stack stopped). */
const BUDGET_MS = 25 * 60_000;

/** 8, or 8–9 when neighbouring levels give the same output. */
const levels = (found: readonly number[]) =>
  found.length > 1 ? `${String(found[0])}–${String(found.at(-1))}` : String(found[0]);
const kb = (n: number) => `${fmt(n / 1_000, 1)} kB`;
const seconds = (ms: number) => `${fmt(ms / 1_000, 1)} s`;

/** The previous run's median performance score per page (bench/raw/frontend.json), if any. */
const previousMedians = async (): Promise<Map<string, number>> => {
  try {
    const stored = JSON.parse(
      await readFile(join(benchEnv.BENCH_RAW_DIR, 'frontend.json'), 'utf8'),
    ) as { raw?: { pages?: { label?: string; median?: number }[] } };
    return new Map(
      (stored.raw?.pages ?? []).flatMap((p) =>
        p.label !== undefined && typeof p.median === 'number' ? [[p.label, p.median]] : [],
      ),
    );
  } catch {
    return new Map();
  }
};

const bundleRows = (bytes: BundleBytes): BenchRow[] => {
  const initial = bytes.routes.find((r) => r.route === INITIAL_ROUTE);
  const largest = bytes.routes.reduce((a, b) => (b.served > a.served ? b : a));
  const level = `gzip -${String(bytes.staticLevel)}`;
  return [
    {
      measurement: `initial route (/ → /${INITIAL_ROUTE}), first visit as served (gateway, Accept-Encoding: gzip)`,
      result: initial ? kb(initial.served) : 'n/a',
      baseline: initial
        ? `${level} here ${kb(initial.gzip)}; Brotli as served ${kb(initial.brServed)}; uncompressed ${kb(initial.raw)}; entry alone ${kb(bytes.entryServed)}`
        : '',
      target: `≤ ${fmt(INITIAL_TARGET_BYTES / 1_000)} kB`,
      met: initial ? initial.served <= INITIAL_TARGET_BYTES : false,
    },
    {
      measurement: `largest route (/${largest.route}), first visit as served`,
      result: kb(largest.served),
      baseline: `${level} here ${kb(largest.gzip)}; Brotli as served ${kb(largest.brServed)}; its own chunks ${kb(largest.ownServed)}`,
      target: `≤ ${fmt(LARGEST_TARGET_BYTES / 1_000)} kB`,
      met: largest.served <= LARGEST_TARGET_BYTES,
    },
  ];
};

const headerRow = (headers: HeaderCheck, bytes: BundleBytes): BenchRow => ({
  measurement:
    'gateway headers: JS / CSS / HTML encoding; cache-control of a hashed asset and of index.html',
  result: `${headers.js.encoding} / ${headers.css.encoding} / ${headers.html.encoding}${headers.html.encoding === 'identity' ? ` (${fmt(headers.html.bytes)} bytes${headers.html.bytes < 1_024 ? ", under the gateway's 1,024-byte threshold" : ''})` : ''}; asset "${headers.js.cacheControl}"; index.html "${headers.html.cacheControl}"`,
  baseline:
    bytes.servedLevels.length === 0
      ? 'no gzip level reproduces the served assets'
      : `served assets are gzip level ${levels(bytes.servedLevels)}`,
  target:
    'all compressed (a document under 1,024 bytes may go as it is); assets 1 year, index.html revalidated',
  met: headers.compressed && headers.cached,
});

const pageRow = (page: PageResult, previous: Map<string, number>): BenchRow => {
  const before = previous.get(page.spec.label);
  return {
    measurement: `Lighthouse performance, ${page.spec.label}, mobile (simulated throttling), median of ${String(MOBILE_RUNS)}`,
    result: `${String(page.median)} (runs ${page.runs.map((r) => String(r.scores['performance'])).join(', ')}); LCP ${seconds(page.lcpMedianMs)}`,
    baseline: `desktop ${String(page.desktop.scores['performance'])}${before === undefined ? '' : `; previous run ${String(before)}`}`,
    target: page.spec.target === null ? '' : `≥ ${String(page.spec.target)}`,
    met: page.spec.target === null ? null : page.median >= page.spec.target,
  };
};

const pageNote = (page: PageResult): string => {
  const q = page.quality.scores;
  const failing = page.medianRun.failing.map((a) => `${a.id}${a.display ? ` (${a.display})` : ''}`);
  const qualityFailing = page.quality.failing.map((a) => a.id);
  return (
    `${page.spec.label}: ${Object.values(page.medianRun.metrics).join(' / ')} (FCP / LCP / TBT / CLS / SI), ` +
    (page.medianRun.totalBytes === null ? '' : `${kb(page.medianRun.totalBytes)} transferred, `) +
    `accessibility ${String(q['accessibility'])}, best practices ${String(q['best-practices'])}, SEO ${String(q['seo'])}; ` +
    `performance audits under 0.9: ${failing.join(', ') || 'none'}; other audits under 0.9: ${qualityFailing.join(', ') || 'none'}.`
  );
};

/**
 * 7. Frontend, as a user gets it. Two production builds of the UI (`vite build` into a temporary
 * folder): the one a deployment ships (Google sign-in) and the demo's (`npm start`, sign-in
 * through the Auth emulator). Each is served by the product's gateway (its own entry point) in
 * front of the bench stack, which holds a few approved opportunities and a registered student.
 * - bundle bytes: per route, what a first visit downloads (document, entry with its static
 *   imports, the signed-in shell, the route's chunks and CSS) fetched from the gateway with
 *   Accept-Encoding: gzip and counted as sent; cross-checked by gzipping the same files here at
 *   the level the gateway was found to use;
 * - the gateway's compression and cache headers;
 * - Lighthouse (mobile, simulated throttling) on /login and /about-us signed out and on
 *   /opportunities and one opportunity's page signed in, median of three runs each.
 * Chromium, the gateways and the stack are stopped whatever happens; the whole is time-bounded.
 */
export const frontendBench: BenchModule = {
  name: 'frontend',
  title: 'Frontend as served',
  async run() {
    const deadline = Date.now() + BUDGET_MS;
    const previous = await previousMedians();
    const work = await mkdtemp(join(tmpdir(), 'campus-bench-frontend-'));
    const stops: (() => Promise<void>)[] = [];
    try {
      const shippedDir = join(work, 'shipped');
      const demoDir = join(work, 'demo');
      await buildUi(shippedDir, { mode: 'firebase' });
      await buildUi(demoDir, { mode: 'emulator', emulatorUrl: `http://${authEmulatorHost()}` });
      const layout = await readLayout(shippedDir);

      const ui = await startUiStack();
      stops.push(ui.stop);
      const shipped = await startGateway(ui.stack, shippedDir);
      stops.push(shipped.stop);
      const bytes = await measureBundles(shipped.url, shippedDir, layout);
      const headers = await checkHeaders(shipped.url, shippedDir, layout);

      const demo = await startGateway(ui.stack, demoDir);
      stops.push(demo.stop);
      const opportunity = ui.opportunityIds[0];
      if (!opportunity) throw new Error('no opportunity was created');
      const specs: PageSpec[] = [
        {
          path: '/login',
          label: '/login (signed out)',
          signedIn: false,
          target: PERFORMANCE_TARGET,
        },
        { path: '/about-us', label: '/about-us (signed out)', signedIn: false, target: null },
        {
          path: '/opportunities',
          label: '/opportunities (signed in)',
          signedIn: true,
          target: PERFORMANCE_TARGET,
        },
        {
          path: `/opportunity/${opportunity}`,
          label: '/opportunity/:id (signed in)',
          signedIn: true,
          target: PERFORMANCE_TARGET,
        },
      ];
      const loadBefore = loadavg();
      const { pages, signedInAgain, rerun } = await measurePages(demo.url, specs, {
        signInEmail: UI_STUDENT_EMAIL,
        deadline,
      });
      const loadAfter = loadavg();

      const benchmarkIndexes = pages.flatMap((p) => p.runs.map((r) => r.benchmarkIndex));
      const rows: BenchRow[] = [
        ...bundleRows(bytes),
        headerRow(headers, bytes),
        ...pages.map((p) => pageRow(p, previous)),
      ];
      const load = (l: number[]) => l.map((x) => x.toFixed(1)).join(' / ');
      return {
        rows,
        notes: [
          `Bytes: the build a deployment ships, each file fetched from the gateway with Accept-Encoding: gzip and counted as sent (bodies, not headers; kB = 1,000 bytes); the baseline gzips the same files here at level ${String(bytes.staticLevel)} (${bytes.servedLevels.length === 0 ? "zlib's default: no level reproduces what the gateway sent" : `the gateway's assets match level ${levels(bytes.servedLevels)}`}).`,
          `Per route, first visit as served, gzip (Brotli, which Chromium asks for): ${bytes.routes.map((r) => `${r.route} ${kb(r.served)} (${kb(r.brServed)})`).join(', ')}.`,
          `Lighthouse ${pages[0]?.medianRun.version ?? ''} runs on the demo build (\`npm start\`'s, emulator sign-in) in headless Chromium: mobile form factor, default simulated throttling (throttlingMethod simulate: metrics are computed from the observed trace, so a busy CPU still lowers them), performance only per run; the signed-in pages keep the session (disableStorageReset) with the HTTP cache emptied before each run. Baseline: one desktop-profile run, and the previous run's median.`,
          `Machine load (1/5/15 min) during Lighthouse: ${load(loadBefore)} before, ${load(loadAfter)} after; Lighthouse's CPU benchmark index ${benchmarkIndexes.map(String).join(', ')}.`,
          ...(signedInAgain.length
            ? [
                `Runs that were sent to sign in and were run again after signing in again: ${signedInAgain.join('; ')}.`,
              ]
            : []),
          ...(rerun.length
            ? [
                `Runs Lighthouse could not record (its runtime error asks for another run) and that were run again: ${rerun.join('; ')}.`,
              ]
            : []),
          ...pages.map(pageNote),
        ],
        raw: {
          bytes,
          headers,
          pages: pages.map((p) => ({
            label: p.spec.label,
            path: p.spec.path,
            median: p.median,
            lcpMedianMs: p.lcpMedianMs,
            runs: p.runs,
            desktop: p.desktop,
            quality: p.quality,
          })),
          load: { before: loadBefore, after: loadAfter },
          signedInAgain,
          rerun,
        },
      };
    } finally {
      for (const stop of stops.reverse()) {
        await stop().catch((error: unknown) => {
          console.error('  frontend: stopping a process failed:', error);
        });
      }
      await rm(work, { recursive: true, force: true });
    }
  },
};
