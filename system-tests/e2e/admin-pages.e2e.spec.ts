import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildPath, routes, texts, adminTexts } from '@campus/contracts';
import { emulatorIdToken } from '@campus/infra/testing';
import {
  apiAs,
  easternAt,
  nextQuarterHour,
  organizationId,
  readUntil,
  registerUser,
  uniqueSuffix,
} from './api';
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
  await waitForNetworkQuiet(page);
  await page.locator('main h1').first().waitFor();
  // An admin stays on the screen (RequireAdmin sends everyone else to /opportunities).
  expect(page.url()).toBe(url);
};

/** Where each admin table's region clips: its overflow and the header cells outside its box. */
const clippedTables = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main [role="region"]')]
      .filter((region) => region.querySelector('table'))
      .map((region) => {
        const box = region.getBoundingClientRect();
        return {
          table: region.getAttribute('aria-label'),
          overflow: region.scrollWidth - region.clientWidth,
          headersOutside: [...region.querySelectorAll('th')]
            .filter((th) => {
              const cell = th.getBoundingClientRect();
              return cell.left < box.left - 0.5 || cell.right > box.right + 0.5;
            })
            .map((th) => th.textContent),
        };
      }),
  );

describe('the admin screens at 1280 and 390 px', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  const ids: Record<string, string> = {};
  const suffix = uniqueSuffix();
  /** Waiting for approval, with descriptions far longer than a table cell shows at once. */
  const seeded = {
    opportunity: `Riverside Trail Restoration and Community Cleanup Day ${suffix}`,
    organization: `Society for Long Descriptions ${suffix}`,
    opportunityDescription:
      'We meet at the boathouse and walk the river trail together, clearing litter, cutting back ' +
      'invasive vines and resurfacing the muddy stretches with gravel. Gloves, tools, water and ' +
      'snacks are provided; wear shoes that can get muddy. Directions and the parking map: ' +
      'https://example.org/riverside-trail-restoration/directions-and-parking-map-for-volunteers ' +
      `The day ends with a picnic by the water. (${suffix})`,
    organizationDescription:
      'A student society that reads, writes and discusses very long texts: novels, essays, ' +
      'letters and the occasional legal contract, meeting every other week in the library, with ' +
      'a reading list chosen by the members each semester and a short story contest in spring. ' +
      `Everyone is welcome, no experience needed. (${suffix})`,
  };
  beforeAll(async () => {
    browser = await launchBrowser();
    const creatorEmail = `long-texts-${suffix}@university.edu`;
    const creatorUser = await registerUser(baseUrl, creatorEmail, 'Lena', `Long ${suffix}`);
    const creator = apiAs(baseUrl, creatorEmail);
    const corps = await organizationId(creator, 'Campus Service Corps');
    await creator.call('POST', routes.joinOrganization.path, {
      user_id: creatorUser.id,
      organization_id: corps,
    });
    const when = easternAt(nextQuarterHour(Date.now() + 5 * 24 * 3_600_000));
    await creator.call('POST', routes.createOpportunity.path, {
      name: seeded.opportunity,
      description: seeded.opportunityDescription,
      date: when.date,
      time: when.time,
      duration: 120,
      total_slots: 12,
      host_org_id: corps,
      causes: ['Environment & Sustainability'],
    });
    await creator.call('POST', routes.createOrganization.path, {
      name: seeded.organization,
      type: 'Cultural',
      description: seeded.organizationDescription,
    });
    const admin = apiAs(baseUrl, 'admin@university.edu');
    await readUntil<{ name: string }[]>(admin, routes.listUnapprovedOpportunities.path, (list) =>
      list.some((o) => o.name === seeded.opportunity),
    );
    await readUntil<{ name: string }[]>(admin, routes.listUnapprovedOrganizations.path, (list) =>
      list.some((o) => o.name === seeded.organization),
    );
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
              .getByRole('heading', { name: adminTexts.approvals.opportunitiesTitle })
              .waitFor();
            await page.getByRole('heading', { name: adminTexts.chart.title }).waitFor();
            await page.getByText(adminTexts.summary.totalUsers).waitFor();
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

  it('fits every admin table at 1280 px and shows a long description whole on demand', async () => {
    const { page, errors, close } = await openPage(browser, WIDTHS.desktop);
    try {
      await signIn(page, baseUrl, 'admin@university.edu');
      await page.waitForURL(/\/opportunities$/);
      await visit(page, baseUrl, '/admin', ids);
      const more = page.getByRole('button', {
        name: adminTexts.approvals.showFullDescriptionOf(seeded.opportunity),
      });
      await more.waitFor();
      await page
        .getByRole('button', {
          name: adminTexts.approvals.showFullDescriptionOf(seeded.organization),
        })
        .waitFor();

      const tables = await clippedTables(page);
      expect(tables.map((t) => t.table)).toEqual(
        expect.arrayContaining([
          texts.common.scrollableTable(adminTexts.approvals.opportunitiesTitle),
          texts.common.scrollableTable(adminTexts.approvals.organizationsTitle),
        ]),
      );
      for (const table of tables) {
        expect(table, `${table.table ?? 'a table'} is clipped`).toEqual({
          ...table,
          overflow: 0,
          headersOutside: [],
        });
      }

      // Collapsed: the cell shows the start only; the button (keyboard) shows the whole text.
      const tail = `The day ends with a picnic by the water. (${suffix})`;
      expect(await page.getByText(tail, { exact: false }).count()).toBe(0);
      await more.focus();
      await page.keyboard.press('Enter');
      const less = page.getByRole('button', {
        name: adminTexts.approvals.showLessOf(seeded.opportunity),
      });
      expect(await less.getAttribute('aria-expanded')).toBe('true');
      const full = page.getByText(tail, { exact: false });
      await full.waitFor();
      expect(await full.textContent()).toBe(seeded.opportunityDescription);
      expect(await full.isVisible()).toBe(true);
      // Unfolded, the table still fits.
      for (const table of await clippedTables(page)) expect(table.overflow).toBe(0);
      await screenshot(page, 'admin-admin-long-description-desktop');

      // Delete asks first, naming the item; Cancel leaves it listed.
      await page
        .getByRole('button', { name: adminTexts.approvals.deleteItem(seeded.opportunity) })
        .click();
      const confirm = page.getByRole('dialog', {
        name: adminTexts.approvals.confirmDeleteOpportunity(seeded.opportunity),
      });
      await confirm.waitFor();
      await screenshot(page, 'admin-admin-confirm-delete-desktop');
      await confirm.getByRole('button', { name: adminTexts.approvals.cancel }).click();
      await confirm.waitFor({ state: 'detached' });
      await page
        .getByRole('button', { name: adminTexts.approvals.deleteItem(seeded.opportunity) })
        .waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('exports users.csv through a report job and downloads it under its name', async () => {
    const { page, errors, close } = await openPage(browser, WIDTHS.desktop);
    try {
      await signIn(page, baseUrl, 'admin@university.edu');
      await page.waitForURL(/\/opportunities$/);
      await visit(page, baseUrl, '/admin', ids);
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await page.getByRole('button', { name: adminTexts.exports.users }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('users.csv');
      await page.getByText(adminTexts.exports.done('users.csv')).waitFor();
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
