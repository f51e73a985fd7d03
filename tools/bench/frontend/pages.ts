import {
  launchChrome,
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
): Promise<PageResult[]> => {
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
    const results: PageResult[] = [];
    for (const signedIn of [false, true]) {
      const group = pages.filter((p) => p.signedIn === signedIn);
      if (group.length === 0) continue;
      if (signedIn) await signInInBrowser(chrome.browser, baseUrl, options.signInEmail);
      const runs = new Map<PageSpec, LighthouseRun[]>(group.map((p) => [p, []]));
      for (let round = 0; round < MOBILE_RUNS; round++) {
        for (const spec of group) {
          runs.get(spec)?.push(await run(spec, { categories: PERFORMANCE, formFactor: 'mobile' }));
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
          desktop: await run(spec, { categories: PERFORMANCE, formFactor: 'desktop' }),
          quality: await run(spec, { categories: QUALITY, formFactor: 'mobile' }),
        });
      }
    }
    return results;
  } finally {
    await chrome.close();
  }
};
