import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildPath, routes, texts } from '@campus/contracts';
import { emulatorIdToken } from '../../infra/src/auth/emulator-sign-in';
import { apiAs } from './api';
import { blockingViolations, checkAccessibility } from './axe';
import { launchBrowser, openPage, screenshot, signIn, WIDTHS } from './browser';

/**
 * The admin screens (Admin Panel, a user's point history, an opportunity's event history,
 * operations) at desktop and phone width against the running stack with the demo data: they render
 * without console errors or serious axe findings; a student is refused by the UI and the API.
 */
const ADMIN_PAGES = [
  '/admin',
  '/admin/users/{student}/history',
  '/admin/opportunities/{opportunity}/history',
  '/admin/operations',
];

const nameOf = (path: string) =>
  path
    .replace(/\{(\w+)\}/g, '$1')
    .replaceAll('/', '-')
    .replace(/^-/, '');

/** The stack's URL ends with a slash: joined as a URL, never as text ('//admin' is no route). */
const urlOf = (baseUrl: string, path: string, ids: Record<string, string>) =>
  new URL(
    path.replace(/\{(\w+)\}/g, (_, key: string) => ids[key] ?? ''),
    baseUrl,
  ).href;

const visit = async (page: Page, baseUrl: string, path: string, ids: Record<string, string>) => {
  const url = urlOf(baseUrl, path, ids);
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.locator('main h1').first().waitFor();
  // An admin stays on the screen (RequireAdmin sends everyone else to /opportunities).
  expect(page.url()).toBe(url);
};

describe('the admin screens at 1280 and 390 px', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    browser = await launchBrowser();
    const student = apiAs(baseUrl, 'student@university.edu');
    const me = await student.call<{ id: string }>(
      'GET',
      buildPath(routes.getUserByEmail.path, { address: 'student@university.edu' }),
    );
    const opportunities = await student.call<{ id: string; registered_count: number }[]>(
      'GET',
      routes.listOpportunities.path,
    );
    const opportunity = opportunities.find((o) => o.registered_count > 1) ?? opportunities[0];
    if (!opportunity) throw new Error('the demo data is missing');
    ids['student'] = me.id;
    ids['opportunity'] = opportunity.id;
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [label, width] of Object.entries(WIDTHS)) {
    it(`render for an admin without console errors (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, width);
      const findings: string[] = [];
      try {
        await signIn(page, baseUrl, 'admin@university.edu');
        await page.waitForURL(/\/opportunities$/);
        for (const path of ADMIN_PAGES) {
          await visit(page, baseUrl, path, ids);
          if (path === '/admin') {
            // Both unapproved lists and the chart's figures load when the panel opens.
            await page
              .getByRole('heading', { name: texts.admin.approvals.opportunitiesTitle })
              .waitFor();
            await page.getByRole('heading', { name: texts.admin.chart.title }).waitFor();
            await page.getByText(texts.admin.summary.totalUsers).waitFor();
          }
          if (path.includes('/users/')) await page.locator('main table, main p').first().waitFor();
          await screenshot(page, `admin-${nameOf(path)}-${label}`);
          findings.push(
            ...blockingViolations(await checkAccessibility(page, `admin-${nameOf(path)}-${label}`)),
          );
        }
        expect(errors).toEqual([]);
        expect(findings).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('exports users.csv through a report job and downloads it under its name', async () => {
    const { page, errors, close } = await openPage(browser, WIDTHS.desktop);
    try {
      await signIn(page, baseUrl, 'admin@university.edu');
      await page.waitForURL(/\/opportunities$/);
      await visit(page, baseUrl, '/admin', ids);
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await page.getByRole('button', { name: texts.admin.exports.users }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('users.csv');
      await page.getByText(texts.admin.exports.done('users.csv')).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('refuses a student on /admin in the UI and on the admin reads in the API', async () => {
    const { page, errors, close } = await openPage(browser, WIDTHS.mobile);
    try {
      await signIn(page, baseUrl, 'student@university.edu');
      await page.waitForURL(/\/opportunities$/);
      for (const path of ADMIN_PAGES) {
        await page.goto(urlOf(baseUrl, path, ids));
        await page.waitForURL(/\/opportunities$/);
      }
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
    const token = await emulatorIdToken('student@university.edu');
    for (const path of [
      routes.getAdminSummary.path,
      routes.getServiceHours.path,
      routes.listUnapprovedOpportunities.path,
      routes.listUserEmails.path,
      routes.getProjections.path,
      buildPath(routes.getOpportunityHistory.path, { id: ids['opportunity'] ?? '' }),
    ]) {
      const response = await fetch(new URL(path, baseUrl), {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status, path).toBe(403);
    }
  });
});
