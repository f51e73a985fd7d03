import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildPath, routes, texts, hostTexts } from '@campus/contracts';
import {
  apiAs,
  easternAt,
  nextQuarterHour,
  opportunityPath,
  organizationId,
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
 * The host's and admin's tools at desktop and phone width against the running stack: the create
 * form, the opportunity page in host and admin view (with edit mode open), My Opportunities and the
 * organization page for an admin; no console errors, no serious axe findings, a screenshot each.
 */
describe('the host and admin tools at 1280 and 390 px', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  const suffix = uniqueSuffix();
  const hostEmail = `host-${suffix}@university.edu`;
  const participantEmail = `helper-${suffix}@university.edu`;
  const eventName = `Park Planting ${suffix}`;
  const ids: Record<string, string> = {};
  /** The event's date as the facts card writes it ('Friday, October 3, 2025'). */
  let longDate = '';
  // The stack's URL ends with a slash; `${baseUrl}/path` would ask for '//path', an unknown route.
  const at = (path: string) => new URL(path, baseUrl).href;

  beforeAll(async () => {
    browser = await launchBrowser();
    await registerUser(baseUrl, hostEmail, 'Hollis', `Host ${suffix}`);
    await registerUser(baseUrl, participantEmail, 'Pat', `Helper ${suffix}`);
    const host = apiAs(baseUrl, hostEmail);
    const me = await host.call<{ id: string }>(
      'GET',
      buildPath(routes.getUserByEmail.path, { address: hostEmail }),
    );
    const organization = await organizationId(host, 'Campus Service Corps');
    await host.call('POST', routes.joinOrganization.path, {
      user_id: me.id,
      organization_id: organization,
    });
    const when = easternAt(nextQuarterHour(Date.now() + 3 * 24 * 3_600_000));
    longDate = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date(`${when.date}T12:00:00Z`));
    const created = await host.call<{ id: string }>('POST', routes.createOpportunity.path, {
      name: eventName,
      description: 'Plant bulbs along the park path. https://example.org/park',
      date: when.date,
      time: when.time,
      duration: 90,
      total_slots: 6,
      host_org_id: organization,
      causes: ['Environment & Sustainability'],
      qualifications: ['Bring gloves'],
    });
    await apiAs(baseUrl, 'admin@university.edu').call('POST', routes.bulkApprove.path, {
      opportunity_ids: [created.id],
    });
    const helper = apiAs(baseUrl, participantEmail);
    const helperMe = await helper.call<{ id: string }>(
      'GET',
      buildPath(routes.getUserByEmail.path, { address: participantEmail }),
    );
    await helper.call('POST', routes.signUp.path, {
      user_id: helperMe.id,
      opportunity_id: created.id,
    });
    ids['opportunity'] = created.id;
    ids['organization'] = organization;
  });
  afterAll(async () => {
    await browser.close();
  });

  const check = async (page: Page, name: string, findings: string[]) => {
    await waitForNetworkQuiet(page);
    await screenshot(page, name);
    findings.push(...blockingViolations(await checkAccessibility(page, name)));
  };

  /**
   * The facts stay in view beside the tools at desktop width; on a phone the description's heading
   * comes within the first one and a half screens, before the long tools.
   */
  const expectFactsBesideTools = async (page: Page, width: number) => {
    const facts = page.getByRole('region', { name: hostTexts.facts.title });
    await facts.getByText(longDate, { exact: true }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    const viewport = page.viewportSize() ?? { width, height: 0 };
    const about = await page
      .getByRole('heading', { name: texts.opportunities.detail.about })
      .boundingBox();
    const factsBox = await facts.boundingBox();
    const tools = await page
      .getByRole('region', { name: hostTexts.attendance.title })
      .boundingBox();
    if (!about || !factsBox || !tools) throw new Error('the opportunity page is incomplete');
    if (width === WIDTHS.mobile) {
      expect(about.y).toBeLessThan(1.5 * viewport.height);
      expect(factsBox.y).toBeLessThan(about.y);
      expect(about.y).toBeLessThan(tools.y);
    } else {
      // The side column: right of the description, the facts above the tools, both on screen.
      expect(factsBox.x).toBeGreaterThan(about.x + about.width);
      expect(factsBox.y + factsBox.height).toBeLessThanOrEqual(tools.y);
      expect(Math.abs(factsBox.x - tools.x)).toBeLessThan(1);
      const date = await facts.getByText(longDate, { exact: true }).boundingBox();
      expect(date && date.y + date.height).toBeLessThan(viewport.height);
    }
  };

  for (const [label, width] of Object.entries(WIDTHS)) {
    it(`the host's pages (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, width);
      const findings: string[] = [];
      try {
        await signIn(page, baseUrl, hostEmail);
        await page.waitForURL(/\/opportunities$/);

        await page.goto(at('/create-opportunity'));
        await page.getByRole('heading', { level: 1, name: hostTexts.create.title }).waitFor();
        await page.getByRole('button', { name: hostTexts.create.submit }).click();
        await page.getByText(hostTexts.create.chooseHostOrganizationError).waitFor();
        await check(page, `host-create-opportunity-${label}`, findings);

        await page.goto(at(opportunityPath(ids['opportunity'] ?? '')));
        await page.getByText(texts.opportunities.detail.youAreTheHost).first().waitFor();
        await page.getByRole('region', { name: hostTexts.attendance.title }).waitFor();
        await page.getByRole('region', { name: hostTexts.slots.title }).waitFor();
        await page.getByRole('region', { name: hostTexts.communication.title }).waitFor();
        expect(await page.getByRole('region', { name: hostTexts.admin.title }).count()).toBe(0);
        await expectFactsBesideTools(page, width);
        await check(page, `host-opportunity-${label}`, findings);

        await page.getByRole('button', { name: hostTexts.manage.editDetails }).click();
        await page.getByRole('form', { name: hostTexts.manage.editTitle }).waitFor();
        await check(page, `host-opportunity-edit-${label}`, findings);

        await page.getByRole('button', { name: hostTexts.manage.cloneOpportunity }).click();
        await page.waitForURL(/\/create-opportunity$/);
        expect(await page.getByLabel(hostTexts.create.name).inputValue()).toBe(eventName);
        await check(page, `host-create-from-clone-${label}`, findings);

        expect(errors).toEqual([]);
        expect(findings).toEqual([]);
      } catch (error) {
        await screenshot(page, `failed-${label}-${String(Date.now())}`);
        throw new Error(`${String(error)}\nconsole errors: ${errors.join('\n')}`);
      } finally {
        await close();
      }
    });

    it(`the admin's pages (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, width);
      const findings: string[] = [];
      try {
        await signIn(page, baseUrl, 'admin@university.edu');
        await page.waitForURL(/\/opportunities$/);

        await page.goto(at(opportunityPath(ids['opportunity'] ?? '')));
        await page.getByText(texts.opportunities.detail.adminView).first().waitFor();
        const tools = page.getByRole('region', { name: hostTexts.admin.title });
        await tools.getByRole('button', { name: hostTexts.admin.unapprove }).waitFor();
        await tools.getByLabel(hostTexts.admin.searchUsers).fill('Helper');
        await tools
          .getByRole('button', { name: new RegExp(hostTexts.admin.alreadyRegistered) })
          .first()
          .waitFor();
        await check(page, `admin-opportunity-${label}`, findings);

        await page.goto(at('/my-opportunities'));
        await page.getByRole('heading', { name: texts.opportunities.mine.all }).waitFor();
        await check(page, `admin-my-opportunities-${label}`, findings);

        await page.goto(at(`/group-detail/${ids['organization'] ?? ''}`));
        await page.getByRole('button', { name: texts.groups.detail.unapprove }).waitFor();
        await check(page, `admin-group-detail-${label}`, findings);

        expect(errors).toEqual([]);
        expect(findings).toEqual([]);
      } catch (error) {
        await screenshot(page, `failed-${label}-${String(Date.now())}`);
        throw new Error(`${String(error)}\nconsole errors: ${errors.join('\n')}`);
      } finally {
        await close();
      }
    });
  }
});
