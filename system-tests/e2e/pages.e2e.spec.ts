import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { routes } from '@campus/contracts';
import { apiAs } from './api';
import { blockingViolations, checkAccessibility } from './axe';
import {
  launchBrowser,
  openPage,
  screenshot,
  signIn,
  WIDTHS,
  waitForNetworkQuiet,
} from './browser';

/**
 * Every page at desktop and phone width against the running stack with the demo data: renders, no
 * console errors, a screenshot, and axe-core finds no serious or critical violation.
 */
const SIGNED_OUT = ['/login', '/about-us', '/unsubscribe/{unsubscribe}'];
/** A well-formed unsubscribe link (the page asks before it checks anything). */
const UNSUBSCRIBE_TOKEN = `00000000-0000-4000-8000-000000000000.reminders.${'A'.repeat(43)}`;
const SIGNED_IN = [
  '/opportunities',
  '/opportunity/{opportunity}',
  '/create-opportunity',
  '/my-opportunities',
  '/groups',
  '/group-detail/{organization}',
  '/leaderboard',
  '/notifications',
  '/account-setup',
  '/org-setup',
  '/about-us',
  '/profile/me',
  '/hours',
];
const ADMIN = [
  '/admin',
  '/my-opportunities',
  '/opportunity/{opportunity}',
  '/hours/verify',
  '/impact',
];

const nameOf = (path: string) =>
  path
    .replace(/\{(\w+)\}/g, '$1')
    .replaceAll('/', '-')
    .replace(/^-/, '');

const visit = async (page: Page, baseUrl: string, path: string, ids: Record<string, string>) => {
  if (path === '/profile/me') {
    // The avatar (desktop) or the Profile tab (phone) links to the signed-in user's own profile.
    await page.goto(`${baseUrl}/opportunities`);
    await page.locator('a[href^="/profile/"]:visible').first().click();
    await page.waitForURL(/\/profile\/[0-9a-f-]{36}$/);
  } else {
    const target = path.replace(/\{(\w+)\}/g, (_, key: string) => ids[key] ?? '');
    await page.goto(`${baseUrl}${target}`);
    // A deep link must stay where it was sent (no detour to Events or the login page).
    await page.waitForURL((url) => url.pathname === target);
  }
  await waitForNetworkQuiet(page);
  // Lazy screens show a spinner first; wait until the page's main heading is there.
  await page.locator('main h1, h1').first().waitFor();
};

describe('every page renders at 1280 and 390 px without console errors or serious axe findings', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    browser = await launchBrowser();
    // A demo opportunity with participants and a picture, and an organization with members.
    const student = apiAs(baseUrl, 'student@university.edu');
    const opportunities = await student.call<
      { id: string; registered_count: number; imageUrl: string | null }[]
    >('GET', routes.listOpportunities.path);
    const opportunity =
      opportunities.find((o) => o.registered_count > 2 && o.imageUrl) ?? opportunities[0];
    const organizations = await student.call<{ id: string; member_count: number }[]>(
      'GET',
      routes.listApprovedOrganizations.path,
    );
    const organization = organizations.find((o) => o.member_count > 3) ?? organizations[0];
    if (!opportunity || !organization) throw new Error('the demo data is missing');
    ids['opportunity'] = opportunity.id;
    ids['organization'] = organization.id;
    ids['unsubscribe'] = UNSUBSCRIBE_TOKEN;
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [label, width] of Object.entries(WIDTHS)) {
    it(`signed-out pages (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, width);
      const findings: string[] = [];
      try {
        for (const path of SIGNED_OUT) {
          await visit(page, baseUrl, path, ids);
          await screenshot(page, `page-${nameOf(path)}-signed-out-${label}`);
          findings.push(
            ...blockingViolations(
              await checkAccessibility(page, `${nameOf(path)}-signed-out-${label}`),
            ),
          );
        }
        expect(errors).toEqual([]);
        expect(findings).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`signed-in pages as a student (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, width);
      const findings: string[] = [];
      try {
        await signIn(page, baseUrl, 'student@university.edu');
        await page.waitForURL(/\/opportunities$/);
        for (const path of SIGNED_IN) {
          await visit(page, baseUrl, path, ids);
          expect(page.url(), `${path} should not send a student away`).not.toMatch(/\/login$/);
          await screenshot(page, `page-${nameOf(path)}-${label}`);
          findings.push(
            ...blockingViolations(await checkAccessibility(page, `${nameOf(path)}-${label}`)),
          );
        }
        await page.goto(`${baseUrl}/admin`);
        await page.waitForURL(/\/opportunities$/);
        expect(errors).toEqual([]);
        expect(findings).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`admin pages (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, width);
      const findings: string[] = [];
      try {
        await signIn(page, baseUrl, 'admin@university.edu');
        await page.waitForURL(/\/opportunities$/);
        for (const path of ADMIN) {
          await visit(page, baseUrl, path, ids);
          await screenshot(page, `page-${nameOf(path)}-admin-${label}`);
          findings.push(
            ...blockingViolations(await checkAccessibility(page, `${nameOf(path)}-admin-${label}`)),
          );
        }
        expect(errors).toEqual([]);
        expect(findings).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
