import {
  launchChrome,
  LeftThePageError,
  LighthouseRuntimeError,
  runLighthouse,
  signInInBrowser,
  type LighthouseRun,
  type RunOptions,
} from './lighthouse';

/** A page Lighthouse measures, and whether it is opened signed in. */
export type PageSpec = {
  readonly path: string;
  readonly label: string;
  readonly signedIn: boolean;
  /** The performance score it must reach (null: measured only). */
  readonly target: number | null;
};

export type PageResult = {
  readonly spec: PageSpec;
  /** The mobile performance runs, in the order they ran. */
  readonly runs: readonly LighthouseRun[];
  readonly median: number;
  readonly lcpMedianMs: number;
  /** The run whose score is the median (its audits are the ones reported). */
  readonly medianRun: LighthouseRun;
  /** One desktop run (Lighthouse's desktop profile), performance only. */
  readonly desktop: LighthouseRun;
  /** One mobile run of accessibility, best practices and SEO. */
  readonly quality: LighthouseRun;
};

export const MOBILE_RUNS = 3;
/**
 * Lighthouse's runtime errors about recording the page load's trace, which it asks to run again
 * for; any other (a page that failed to load, a blank page) fails the measurement.
 */
const RERUN_CODES = new Set([
  'NO_NAVSTART',
  'NO_TRACING_STARTED',
  'NO_SCREENSHOTS',
  'NO_SPEEDLINE_FRAMES',
  'SPEEDINDEX_OF_ZERO',
]);
const PERFORMANCE = ['performance'];
const QUALITY = ['accessibility', 'best-practices', 'seo'];

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Lighthouse on each page in one headless Chromium: the signed-out pages first (each run starts
 * from empty storage), then a sign-in through the login page and the signed-in pages (storage
 * kept, HTTP cache emptied: a returning user's first visit of the build). The mobile runs go
 * round the pages in turns, so a burst of load on the machine hits every page alike. Chromium is
 * always killed, also when a run fails or the time runs out.
 */
export const measurePages = async (
  baseUrl: string,
  pages: readonly PageSpec[],
  options: { signInEmail: string; deadline: number },
): Promise<{ pages: PageResult[]; signedInAgain: string[]; rerun: string[] }> => {
  const chrome = await launchChrome();
  try {
    const run = (spec: PageSpec, how: Omit<RunOptions, 'keepStorage'>) => {
      if (Date.now() > options.deadline) {
        throw new Error('the frontend bench ran out of time before Lighthouse was done');
      }
      return runLighthouse(chrome.browser, `${baseUrl}${spec.path}`, {
        ...how,
        keepStorage: spec.signedIn,
      });
    };
    /**
     * A signed-in page that sent the browser to sign in (the session's start failed on the way,
     * e.g. a service answering 503 on a loaded machine) is signed in again and run again, and a
     * run whose trace Lighthouse could not record (RERUN_CODES: it asks for another run) is run
     * again; at most two more runs in all, and every one is counted and told in the notes.
     */
    const signIns: string[] = [];
    const reruns: string[] = [];
    const measure = async (spec: PageSpec, how: Omit<RunOptions, 'keepStorage'>) => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await run(spec, how);
        } catch (error) {
          if (attempt >= 2) throw error;
          if (error instanceof LighthouseRuntimeError && RERUN_CODES.has(error.code)) {
            reruns.push(`${spec.label} (${how.formFactor}): ${error.code}`);
            continue;
          }
          if (!(error instanceof LeftThePageError) || !spec.signedIn) throw error;
          signIns.push(error.message);
          await signInInBrowser(chrome.browser, baseUrl, options.signInEmail);
        }
      }
    };
    const results: PageResult[] = [];
    for (const signedIn of [false, true]) {
      const group = pages.filter((p) => p.signedIn === signedIn);
      if (group.length === 0) continue;
      if (signedIn) await signInInBrowser(chrome.browser, baseUrl, options.signInEmail);
      const runs = new Map<PageSpec, LighthouseRun[]>(group.map((p) => [p, []]));
      for (let round = 0; round < MOBILE_RUNS; round++) {
        for (const spec of group) {
          runs
            .get(spec)
            ?.push(await measure(spec, { categories: PERFORMANCE, formFactor: 'mobile' }));
        }
      }
      for (const spec of group) {
        const mobile = runs.get(spec) ?? [];
        const score = median(mobile.map((r) => r.scores['performance'] ?? 0));
        results.push({
          spec,
          runs: mobile,
          median: score,
          lcpMedianMs: median(mobile.map((r) => r.lcpMs ?? Number.NaN)),
          medianRun:
            mobile.find((r) => r.scores['performance'] === score) ?? (mobile[0] as LighthouseRun),
          desktop: await measure(spec, { categories: PERFORMANCE, formFactor: 'desktop' }),
          quality: await measure(spec, { categories: QUALITY, formFactor: 'mobile' }),
        });
      }
    }
    return { pages: results, signedInAgain: signIns, rerun: reruns };
  } finally {
    await chrome.close();
  }
};
