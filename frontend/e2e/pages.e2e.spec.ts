import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, screenshot, signIn, WIDTHS } from './browser';

/** Every page at desktop and phone width against the running stack: renders, no console errors. */
const SIGNED_OUT = ['/login', '/about-us'];
const SIGNED_IN = [
  '/opportunities',
  '/my-opportunities',
  '/groups',
  '/leaderboard',
  '/notifications',
  '/account-setup',
  '/about-us',
  '/profile/me',
];

const visit = async (page: Page, baseUrl: string, path: string) => {
  if (path === '/profile/me') {
    // The avatar (desktop) or the Profile tab (phone) links to the signed-in user's own profile.
    await page.goto(`${baseUrl}/opportunities`);
    await page.locator('a[href^="/profile/"]:visible').first().click();
  } else {
    await page.goto(`${baseUrl}${path}`);
  }
  await page.waitForLoadState('networkidle');
};

describe('every page renders at 1280 and 390 px without console errors', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [label, width] of Object.entries(WIDTHS)) {
    it(`signed-out pages (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, width);
      try {
        for (const path of SIGNED_OUT) {
          await visit(page, baseUrl, path);
          await screenshot(page, `page${path.replaceAll('/', '-')}-signed-out-${label}`);
        }
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`signed-in pages as a student (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, width);
      try {
        await signIn(page, baseUrl, 'student@university.edu');
        await page.waitForURL(/\/opportunities$/);
        for (const path of SIGNED_IN) {
          await visit(page, baseUrl, path);
          expect(page.url(), `${path} should not send a student away`).not.toMatch(/\/login$/);
          await screenshot(page, `page${path.replaceAll('/', '-')}-${label}`);
        }
        await page.goto(`${baseUrl}/admin`);
        await page.waitForURL(/\/opportunities$/);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
