import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

const CHROME_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
/**
 * Headless Debian Chromium; without the background-networking flags it keeps trying Google's
 * hosts, which this machine's closed network refuses (and which would show in the traces).
 */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** One Lighthouse run is given up after this long (a hung page must not hang the bench). */
const RUN_TIMEOUT_MS = 120_000;

const withTimeout = async <T>(what: string, ms: number, work: Promise<T>): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: gave up after ${String(ms / 1_000)} s`)),
      ms,
    );
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
};

export type Chrome = {
  readonly browser: Browser;
  /** Kills Chrome and removes its profile; safe to call twice. */
  readonly close: () => Promise<void>;
};

/** Launches Chromium with a fresh profile and connects puppeteer to it (no browser download). */
export const launchChrome = async (): Promise<Chrome> => {
  const chrome: LaunchedChrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  let closed = false;
  const kill = () => {
    if (closed) return;
    closed = true;
    chrome.kill();
  };
  try {
    // No default viewport: Lighthouse sets the device emulation of each run itself.
    const browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${String(chrome.port)}`,
      defaultViewport: null,
    });
    return {
      browser,
      close: async () => {
        await browser.disconnect().catch(() => undefined);
        kill();
      },
    };
  } catch (error) {
    kill();
    throw error;
  }
};

/**
 * Signs in on the login page as a user of the Auth emulator, the way a person does in emulator
 * mode (the browser tests' flow): the university-email button, then the dialog's email field.
 * The session stays in the profile's localStorage (Firebase's persistence).
 */
export const signInInBrowser = async (browser: Browser, baseUrl: string, email: string) => {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle0', timeout: 60_000 });
    await page.locator('::-p-aria(Sign in with university email)').setTimeout(30_000).click();
    await page
      .locator('::-p-aria([name="Or use another email"][role="textbox"])')
      .setTimeout(30_000)
      .fill(email);
    await page.locator('::-p-aria([name="Continue"][role="button"])').setTimeout(30_000).click();
    await page.waitForFunction("location.pathname === '/opportunities'", { timeout: 60_000 });
  } finally {
    await page.close().catch(() => undefined);
  }
};

/** What one Lighthouse run measured (scores 0 to 100). */
export type LighthouseRun = {
  readonly version: string;
  readonly requestedUrl: string;
  readonly finalUrl: string;
  readonly scores: Record<string, number | null>;
  /** Largest Contentful Paint, ms (simulated on the mobile profile). */
  readonly lcpMs: number | null;
  readonly metrics: Record<string, string>;
  /** Everything the page downloaded (network transfer sizes), bytes. */
  readonly totalBytes: number | null;
  /** Lighthouse's CPU benchmark of this machine during the run (lower: busier machine). */
  readonly benchmarkIndex: number;
  /** Audits of the measured categories that scored under 0.9. */
  readonly failing: readonly { id: string; title: string; display: string; score: number }[];
  readonly warnings: readonly string[];
};

const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

/** Audits that say something and failed (under 0.9), per measured category. */
const failingAudits = (lhr: Result): LighthouseRun['failing'] => {
  const seen = new Set<string>();
  const failing: LighthouseRun['failing'][number][] = [];
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || seen.has(ref.id)) continue;
      seen.add(ref.id);
      if (audit.score === null || audit.score >= 0.9) continue;
      if (['informative', 'manual', 'notApplicable'].includes(audit.scoreDisplayMode)) continue;
      failing.push({
        id: audit.id,
        title: audit.title,
        display: audit.displayValue ?? '',
        score: Math.round(audit.score * 100),
      });
    }
  }
  return failing;
};

/**
 * A run Lighthouse itself could not record (its runtime error, e.g. NO_NAVSTART: the trace of the
 * page load came back without a navigation start), which Lighthouse asks to be run again.
 */
export class LighthouseRuntimeError extends Error {
  override readonly name = 'LighthouseRuntimeError';
  constructor(
    url: string,
    readonly code: string,
    message: string,
  ) {
    super(`Lighthouse on ${url}: ${message}`);
  }
}

const summarize = (lhr: Result): LighthouseRun => {
  if (lhr.runtimeError) {
    const { code, message } = lhr.runtimeError;
    throw new LighthouseRuntimeError(lhr.requestedUrl ?? '', code, message);
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? null;
  return {
    version: lhr.lighthouseVersion,
    requestedUrl: lhr.requestedUrl ?? '',
    finalUrl: lhr.finalDisplayedUrl,
    scores: Object.fromEntries(
      Object.entries(lhr.categories).map(([id, c]) => [
        id,
        c.score === null ? null : Math.round(c.score * 100),
      ]),
    ),
    lcpMs: numeric('largest-contentful-paint'),
    metrics: Object.fromEntries(
      METRICS.flatMap((id) => {
        const value = lhr.audits[id]?.displayValue;
        return value ? [[id, value]] : [];
      }),
    ),
    totalBytes: numeric('total-byte-weight'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failing: failingAudits(lhr),
    warnings: lhr.runWarnings,
  };
};

export type RunOptions = {
  readonly categories: readonly string[];
  readonly formFactor: 'mobile' | 'desktop';
  /** Keep the profile's storage (a signed-in session); the HTTP cache is emptied all the same. */
  readonly keepStorage: boolean;
};

/** Empties the browser's HTTP cache so each run is a first visit (storage is left alone). */
const clearHttpCache = async (page: Page) => {
  const session = await page.createCDPSession();
  try {
    await session.send('Network.clearBrowserCache');
  } finally {
    await session.detach().catch(() => undefined);
  }
};

/** A run that ended on another page than the one asked for (sent to sign in). */
export class LeftThePageError extends Error {
  override readonly name = 'LeftThePageError';
  constructor(url: string, finalUrl: string, failed: readonly string[]) {
    super(
      `Lighthouse on ${url} ended on ${finalUrl}` +
        (failed.length ? `; requests that failed: ${failed.join(', ')}` : ''),
    );
  }
}

/** A path with every segment that is not a plain word masked (ids, addresses). */
const maskedPath = (url: string): string => {
  try {
    return new URL(url).pathname
      .split('/')
      .map((segment) => (/^[a-z-]*$/.test(segment) ? segment : ':x'))
      .join('/');
  } catch {
    return '(unreadable URL)';
  }
};

/** The page's requests that failed or answered 4xx/5xx, as "status path" (paths masked). */
const failedRequests = (lhr: Result): string[] => {
  const details = lhr.audits['network-requests']?.details;
  if (details?.type !== 'table') return [];
  return details.items.flatMap((item) => {
    const status = typeof item['statusCode'] === 'number' ? item['statusCode'] : 0;
    const url = typeof item['url'] === 'string' ? item['url'] : '';
    return status >= 400 || status < 0 ? [`${String(status)} ${maskedPath(url)}`] : [];
  });
};

/**
 * One Lighthouse navigation of `url` in a new tab of `browser`: mobile with Lighthouse's default
 * simulated throttling (or its desktop profile), only the named categories. A run that ends on
 * another page than the one asked for (a sign-in redirect) is an error, not a score.
 */
export const runLighthouse = async (
  browser: Browser,
  url: string,
  options: RunOptions,
): Promise<LighthouseRun> => {
  const page = await browser.newPage();
  try {
    await clearHttpCache(page);
    const flags: Flags = {
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...options.categories],
      throttlingMethod: 'simulate',
      disableStorageReset: options.keepStorage,
      maxWaitForLoad: 45_000,
      // A signed-in page's live stream (docs/live-updates.md) never ends, and Lighthouse waits for a
      // quiet network before it ends a load: the stream is refused, as when it is down, and the
      // page keeps fetching as it always does. It opens after the page has drawn, so no figure of
      // the load depends on it.
      blockedUrlPatterns: ['*/api/live'],
    };
    const result = await withTimeout(
      `Lighthouse on ${url}`,
      RUN_TIMEOUT_MS,
      lighthouse(url, flags, options.formFactor === 'desktop' ? desktopConfig : undefined, page),
    );
    if (!result) throw new Error(`Lighthouse on ${url} gave no result`);
    const run = summarize(result.lhr);
    if (new URL(run.finalUrl).pathname !== new URL(url).pathname) {
      throw new LeftThePageError(url, run.finalUrl, failedRequests(result.lhr));
    }
    return run;
  } finally {
    await page.close().catch(() => undefined);
  }
};
