import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { routes, texts } from '@campus/contracts';
import {
  apiAs,
  easternAt,
  nextQuarterHour,
  organizationId,
  registerUser,
  uniqueSuffix,
} from '../api';
import { blockingViolations, checkAccessibility } from '../axe';
import { dismissPopup, launchBrowser, openPage, screenshot, signIn, WIDTHS } from '../browser';

/** Journey 7: the phone layout (390 px): bottom tab bar, sidebar, sign-up. */
describe('journey 7: a student on a phone', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  const suffix = uniqueSuffix();
  const email = `phone-${suffix}@university.edu`;
  const eventName = `Saturday River Cleanup ${suffix}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    await registerUser(baseUrl, email, 'Pia', 'Phone');
    const admin = apiAs(baseUrl, 'admin@university.edu');
    const when = easternAt(nextQuarterHour(Date.now() + 3 * 24 * 3_600_000));
    await admin.call('POST', routes.createOpportunity.path, {
      name: eventName,
      description: 'Litter pick along the river trail. Gloves provided.',
      date: when.date,
      time: when.time,
      duration: 120,
      total_slots: 12,
      host_org_id: await organizationId(admin, 'Green Campus Coalition'),
      causes: ['Environment & Sustainability'],
    });
  });
  afterAll(async () => {
    await browser.close();
  });

  it('moves with the tab bar and the sidebar, then signs up and unregisters', async () => {
    const { page, errors, close } = await openPage(browser, WIDTHS.mobile);
    try {
      await signIn(page, baseUrl, email);
      await page.waitForURL(/\/opportunities$/);

      // The desktop navigation is hidden; the bottom tab bar carries the student's four tabs.
      expect(await page.getByRole('navigation', { name: texts.nav.main }).isVisible()).toBe(false);
      const tabs = page.getByRole('navigation', { name: texts.nav.tabs });
      await tabs.waitFor();
      for (const name of [
        texts.nav.events,
        texts.nav.groups,
        texts.nav.leaderboard,
        texts.nav.profile,
      ])
        expect(await tabs.getByRole('link', { name }).isVisible(), name).toBe(true);
      expect(await tabs.getByRole('link', { name: texts.nav.admin }).count()).toBe(0);
      await tabs.getByRole('link', { name: texts.nav.groups }).click();
      await page.waitForURL(/\/groups$/);
      await tabs.getByRole('link', { name: texts.nav.leaderboard }).click();
      await page.waitForURL(/\/leaderboard$/);
      await screenshot(page, 'journey-7-leaderboard-mobile');

      // The sidebar: opens from the menu button, leads to My Opportunities, closes behind it.
      await page.getByRole('button', { name: texts.nav.openMenu }).click();
      const sidebar = page.getByRole('dialog', { name: texts.nav.menu });
      await sidebar.waitFor();
      for (const name of [texts.nav.aboutUs, texts.nav.myOpportunities])
        expect(await sidebar.getByRole('link', { name }).isVisible(), name).toBe(true);
      expect(await sidebar.getByText(texts.nav.reportBug).isVisible()).toBe(true);
      expect(await sidebar.getByRole('link', { name: texts.nav.adminPanel }).count()).toBe(0);
      await screenshot(page, 'journey-7-sidebar-mobile');
      expect(
        blockingViolations(await checkAccessibility(page, 'journey-7-sidebar-mobile')),
      ).toEqual([]);
      await sidebar.getByRole('link', { name: texts.nav.myOpportunities }).click();
      await page.waitForURL(/\/my-opportunities$/);
      await sidebar.waitFor({ state: 'detached' });

      // Sign up from the Events tab, then unregister (the event is days away).
      await tabs.getByRole('link', { name: texts.nav.events }).click();
      await page.waitForURL(/\/opportunities$/);
      await page.getByLabel(texts.opportunities.list.search).fill(eventName);
      await page.getByRole('link', { name: eventName }).first().click();
      await page.waitForURL(/\/opportunity\/[0-9a-f-]{36}$/);
      await page.getByRole('button', { name: texts.opportunities.signup.signUpNow }).click();
      await dismissPopup(page, texts.opportunities.signup.thankYouTitle);
      const signedUp = page.getByRole('button', { name: texts.opportunities.signup.signedUp });
      await signedUp.waitFor();
      await screenshot(page, 'journey-7-signed-up-mobile');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(WIDTHS.mobile);
      await signedUp.click();
      const confirm = texts.opportunities.unregisterConfirm;
      await page
        .getByRole('dialog', { name: confirm.title })
        .getByRole('button', { name: confirm.confirm })
        .click();
      await page.getByRole('button', { name: texts.opportunities.signup.signUpNow }).waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
