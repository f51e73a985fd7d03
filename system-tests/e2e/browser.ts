import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { routes, texts } from '@campus/contracts';

export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../../artifacts/screenshots');
export const WIDTHS = { desktop: 1280, mobile: 390 } as const;

/** Debian's Chromium, headless, with the flags this network needs (no browser download). */
export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });

/** A page that records console errors and failed requests, for the no-errors assertions. */
export const openPage = async (browser: Browser, width: number) => {
  const context = await browser.newContext({
    viewport: { width, height: width < 768 ? 844 : 900 },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  trackRequests(page);
  return { page, errors, close: () => context.close() };
};

/** The requests in flight of each page opened by `openPage`, but its live stream (it never ends). */
const inFlight = new WeakMap<Page, Set<Request>>();

const trackRequests = (page: Page) => {
  const requests = new Set<Request>();
  inFlight.set(page, requests);
  const isLiveStream = (request: Request) =>
    new URL(request.url()).pathname === routes.liveUpdates.path;
  page.on('request', (request) => {
    if (!isLiveStream(request)) requests.add(request);
  });
  page.on('requestfinished', (request) => requests.delete(request));
  page.on('requestfailed', (request) => requests.delete(request));
};

/**
 * Playwright's `networkidle` (loaded, then no request for 500 ms) for a signed-in page, whose live
 * stream stays open as long as the page does (docs/live-updates.md): every other request counts.
 */
export const waitForNetworkQuiet = async (
  page: Page,
  { quietMs = 500, timeoutMs = 30_000 } = {},
) => {
  const requests = inFlight.get(page);
  if (!requests) throw new Error('waitForNetworkQuiet needs a page opened by openPage');
  await page.waitForLoadState('load', { timeout: timeoutMs });
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    const now = Date.now();
    if (requests.size) quietSince = now;
    else if (now - quietSince >= quietMs) return;
    if (now > deadline)
      throw new Error(
        `the network was not quiet within ${String(timeoutMs)} ms: ${[...requests].map((r) => r.url()).join(', ')}`,
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** Signs in through the emulator-mode dialog with a typed address. */
export const signIn = async (page: Page, baseUrl: string, email: string) => {
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: 'Sign in with university email' }).click();
  await page.getByLabel(/email/i).last().fill(email);
  await page
    .getByRole('button', { name: /continue|sign in/i })
    .last()
    .click();
};

export const screenshot = async (page: Page, name: string) => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
};

/** A new user completes /register after signing in (the form of issue 2's journey). */
export const registerInBrowser = async (
  page: Page,
  baseUrl: string,
  email: string,
  firstName: string,
  lastName: string,
) => {
  await signIn(page, baseUrl, email);
  await page.waitForURL(/\/register$/);
  await page.getByLabel(texts.register.firstName).fill(firstName);
  await page.getByLabel(texts.register.lastName).fill(lastName);
  await page.getByLabel(texts.register.phone).fill('5551234567');
  await page.getByText(texts.register.no, { exact: true }).click();
  await page.getByRole('button', { name: texts.register.submit }).click();
  await page.waitForURL(/\/opportunities$/);
};

/** Closes the global popup after checking its title. */
export const dismissPopup = async (page: Page, title: string) => {
  const popup = page.getByRole('alertdialog', { name: title });
  await popup.waitFor();
  await popup.getByRole('button', { name: texts.popup.gotIt }).click();
  await popup.waitFor({ state: 'detached' });
};
