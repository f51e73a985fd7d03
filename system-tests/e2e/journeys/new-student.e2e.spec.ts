import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildPath, opportunityMessages, routes, texts } from '@campus/contracts';
import { apiAs, easternAt, nextQuarterHour, organizationId, uniqueSuffix } from '../api';
import { blockingViolations, checkAccessibility } from '../axe';
import {
  dismissPopup,
  launchBrowser,
  openPage,
  registerInBrowser,
  screenshot,
  WIDTHS,
} from '../browser';

/**
 * Journey 1: a new student with a university address registers, joins an organization on
 * onboarding, signs up for an event, sees it in My Opportunities, and cannot unregister inside
 * 7 hours.
 */
describe('journey 1: a new student registers, joins, signs up and cannot unregister late', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  const suffix = uniqueSuffix();
  const eventName = `Evening Pantry Shift ${suffix}`;
  let eventId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    // The scene: an approved event of the Campus Service Corps starting in about three hours.
    const admin = apiAs(baseUrl, 'admin@university.edu');
    const when = easternAt(nextQuarterHour(Date.now() + 3 * 3_600_000));
    const created = await admin.call<{ id: string }>('POST', routes.createOpportunity.path, {
      name: eventName,
      description: 'Sort and shelve the evening delivery at the food pantry.',
      date: when.date,
      time: when.time,
      duration: 90,
      total_slots: 10,
      host_org_id: await organizationId(admin, 'Campus Service Corps'),
      causes: ['Food Security and Hunger Relief'],
    });
    eventId = created.id;
  });
  afterAll(async () => {
    await browser.close();
  });

  it('registers, joins the Campus Service Corps, signs up, finds it under My Opportunities and is held to it', async () => {
    const email = `newcomer-${suffix}@university.edu`;
    const { page, errors, close } = await openPage(browser, WIDTHS.desktop);
    try {
      await registerInBrowser(page, baseUrl, email, 'Noor', 'Newcomer');

      // Onboarding: the banner leads to account setup, where the student joins an organization.
      await page.getByRole('link', { name: texts.onboarding.bannerAction }).click();
      await page.waitForURL(/\/account-setup$/);
      await page.getByText(texts.onboarding.greeting('Noor')).waitFor();
      await page.getByLabel(texts.groups.manage.searchLabel).fill('Campus Service');
      await page
        .getByRole('button', { name: `${texts.groups.membership.join} Campus Service Corps` })
        .first()
        .click();
      await page
        .getByRole('button', { name: `${texts.groups.membership.leave} Campus Service Corps` })
        .first()
        .waitFor();
      await screenshot(page, 'journey-1-joined-organization-desktop');
      await page.getByRole('button', { name: texts.onboarding.continue }).click();
      await page.waitForURL(/\/opportunities$/);

      // Events: find the event by name, open it and sign up.
      await page.getByLabel(texts.opportunities.list.search).fill(eventName);
      await page.getByRole('link', { name: eventName }).first().click();
      await page.waitForURL(new RegExp(`/opportunity/${eventId}$`));
      await page.getByRole('button', { name: texts.opportunities.signup.signUpNow }).click();
      // Three hours ahead the signup cannot be undone: the student is warned and confirms.
      const late = texts.opportunities.lateSignupConfirm;
      const warning = page.getByRole('dialog', { name: late.title });
      await warning
        .getByText(texts.opportunities.signup.cannotUnregister, { exact: false })
        .waitFor();
      await screenshot(page, 'journey-1-late-signup-warning-desktop');
      await warning.getByRole('button', { name: late.confirm }).click();
      await dismissPopup(page, texts.opportunities.signup.thankYouTitle);
      await page.getByText(texts.opportunities.signup.signedUpOutcome).waitFor();

      // Inside 7 hours the button is closed, with its warning.
      const closed = page.getByRole('button', { name: /^Unregistration Closed \(/ });
      await closed.waitFor();
      expect(await closed.isDisabled()).toBe(true);
      await page.getByText(opportunityMessages.unregistrationClosed).waitFor();
      await screenshot(page, 'journey-1-unregistration-closed-desktop');

      // My Opportunities lists it among the registered ones.
      await page.goto(`${baseUrl}/my-opportunities`);
      const registered = page.getByRole('region', { name: texts.opportunities.mine.registered });
      await registered.getByRole('link', { name: eventName }).first().waitFor();
      await screenshot(page, 'journey-1-my-opportunities-desktop');
      expect(
        blockingViolations(await checkAccessibility(page, 'journey-1-my-opportunities')),
      ).toEqual([]);

      // The server holds the line too.
      const student = apiAs(baseUrl, email);
      const me = await student.call<{ id: string }>(
        'GET',
        buildPath(routes.getUserByEmail.path, { address: email }),
      );
      await expect(
        student.call('POST', routes.unregister.path, { user_id: me.id, opportunity_id: eventId }),
      ).rejects.toThrow(/409/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
