import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  buildPath,
  routes,
  texts,
  type OpportunityDetail,
  adminTexts,
  hostTexts,
} from '@campus/contracts';
import {
  apiAs,
  easternAt,
  nextQuarterHour,
  organizationId,
  readUntil,
  registerUser,
  uniqueSuffix,
} from '../api';
import { blockingViolations, checkAccessibility } from '../axe';
import { dismissPopup, launchBrowser, openPage, screenshot, signIn, WIDTHS } from '../browser';

/**
 * Journey 3: a student creates an opportunity; it is hidden until an admin approves it; students
 * sign up until it is full and the next one finds no slots: with waitlists a full
 * opportunity offers 'Join Waitlist' instead of the disabled 'Event Full' until 7 hours before.
 */
describe('journey 3: a student-made opportunity, approved, filled up', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  const suffix = uniqueSuffix();
  const people = ['creator', 'first', 'second', 'third'].map((role) => ({
    role,
    email: `${role}-${suffix}@university.edu`,
  }));
  const [creator, first, second, third] = people as [
    (typeof people)[0],
    (typeof people)[0],
    (typeof people)[0],
    (typeof people)[0],
  ];
  const eventName = `Book Drive Sorting ${suffix}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    for (const p of people) await registerUser(baseUrl, p.email, 'Casey', `${p.role} ${suffix}`);
    // The creator hosts for an organization they belong to.
    const api = apiAs(baseUrl, creator.email);
    const me = await api.call<{ id: string }>(
      'GET',
      buildPath(routes.getUserByEmail.path, { address: creator.email }),
    );
    await api.call('POST', routes.joinOrganization.path, {
      user_id: me.id,
      organization_id: await organizationId(api, 'Campus Service Corps'),
    });
  });
  afterAll(async () => {
    await browser.close();
  });

  it('creates it, an admin approves it, two sign up and the third finds it full (offered the waitlist)', async () => {
    const pages = await Promise.all(people.map(() => openPage(browser, WIDTHS.desktop)));
    const admin = await openPage(browser, WIDTHS.desktop);
    const [creatorPage, firstPage, secondPage, thirdPage] = pages.map((p) => p.page) as [
      (typeof pages)[0]['page'],
      (typeof pages)[0]['page'],
      (typeof pages)[0]['page'],
      (typeof pages)[0]['page'],
    ];
    try {
      // The creator fills the form from the Events page.
      await signIn(creatorPage, baseUrl, creator.email);
      await creatorPage.waitForURL(/\/opportunities$/);
      await creatorPage.getByRole('link', { name: texts.events.createOpportunity }).click();
      await creatorPage.waitForURL(/\/create-opportunity$/);
      const t = hostTexts.create;
      const when = easternAt(nextQuarterHour(Date.now() + 4 * 24 * 3_600_000));
      await creatorPage.getByLabel(t.name).fill(eventName);
      await creatorPage
        .getByLabel(t.description, { exact: true })
        .fill('Sort donated books by reading level.');
      await creatorPage.getByLabel(t.date).fill(when.date);
      await creatorPage.getByLabel(t.time).fill(when.time);
      await creatorPage.getByLabel(t.totalSlots).fill('2');
      await creatorPage
        .getByLabel(t.hostOrganization)
        .selectOption({ label: 'Campus Service Corps' });
      await creatorPage.getByRole('checkbox', { name: 'Education' }).check();
      expect(
        blockingViolations(await checkAccessibility(creatorPage, 'journey-3-create-form')),
      ).toEqual([]);
      await screenshot(creatorPage, 'journey-3-create-form-desktop');
      await creatorPage.getByRole('button', { name: t.submit }).click();
      await creatorPage.getByText(t.successPending).waitFor();
      await creatorPage.waitForURL(/\/opportunity\/[0-9a-f-]{36}$/);
      const id = /\/opportunity\/([0-9a-f-]{36})$/.exec(creatorPage.url())?.[1] ?? '';
      await creatorPage.getByText(texts.opportunities.detail.youAreTheHost).first().waitFor();

      // Hidden from other students until approved.
      await signIn(firstPage, baseUrl, first.email);
      await firstPage.waitForURL(/\/opportunities$/);
      await firstPage.getByLabel(texts.opportunities.list.search).fill(eventName);
      await firstPage.getByText(texts.events.empty).waitFor();
      await firstPage.goto(`${baseUrl}/opportunity/${id}`);
      await firstPage.getByText(texts.notFound.opportunity).waitFor();
      // The browser logs the API's 404 that the page answers with 'Opportunity not found.'.
      const firstErrors = pages[1]?.errors ?? [];
      expect(firstErrors).toEqual([expect.stringContaining('404')]);
      firstErrors.length = 0;

      // The admin approves it on the Admin Panel.
      await signIn(admin.page, baseUrl, 'admin@university.edu');
      await admin.page.waitForURL(/\/opportunities$/);
      await admin.page.goto(`${baseUrl}/admin`);
      await admin.page
        .getByRole('checkbox', { name: adminTexts.approvals.selectItem(eventName) })
        .check();
      await admin.page
        .getByRole('button', { name: adminTexts.approvals.approveSelected(1) })
        .click();
      await dismissPopup(admin.page, adminTexts.approvals.approvedTitle);
      await screenshot(admin.page, 'journey-3-approved-desktop');
      // The students' reads carry none of the admin's consistency tokens: they see the approval
      // once it is projected, so they start looking only when a student can read it.
      const detailPath = buildPath(routes.getOpportunity.path, { id });
      await readUntil(apiAs(baseUrl, first.email), detailPath);

      // Two students take the two slots; the third finds it full.
      for (const [page, person] of [
        [firstPage, first],
        [secondPage, second],
      ] as const) {
        if (person !== first) {
          await signIn(page, baseUrl, person.email);
          await page.waitForURL(/\/opportunities$/);
        }
        await page.goto(`${baseUrl}/opportunities`);
        await page.getByLabel(texts.opportunities.list.search).fill(eventName);
        // The search applies after a typing pause and then writes itself into the address; a click
        // before that would be overtaken by it (the list stays), so the student waits for it.
        await page.waitForURL(/\/opportunities\?q=/);
        await page.getByRole('link', { name: eventName }).first().click();
        await page.waitForURL(new RegExp(`/opportunity/${id}$`));
        await page.getByRole('button', { name: texts.opportunities.signup.signUpNow }).click();
        await dismissPopup(page, texts.opportunities.signup.thankYouTitle);
        await page.getByRole('button', { name: texts.opportunities.signup.signedUp }).waitFor();
      }
      // Both signups were made in other browsers: the third looks once they are projected.
      await readUntil<OpportunityDetail>(
        apiAs(baseUrl, third.email),
        detailPath,
        (o) => o.slots_left === 0,
      );
      await signIn(thirdPage, baseUrl, third.email);
      await thirdPage.waitForURL(/\/opportunities$/);
      await thirdPage.goto(`${baseUrl}/opportunity/${id}`);
      // Full, days ahead: the third is offered the waitlist instead of a disabled button.
      const full = thirdPage.getByRole('button', { name: texts.waitlist.join });
      await full.waitFor();
      // It shows busy (disabled) while the third's place in the line loads, then takes clicks.
      await expect.poll(() => full.isEnabled(), { timeout: 30_000 }).toBe(true);
      await thirdPage.getByText(texts.opportunities.detail.noSlotsAvailable).first().waitFor();
      await screenshot(thirdPage, 'journey-3-event-full-desktop');
      for (const p of [...pages, admin]) expect(p.errors).toEqual([]);
    } finally {
      for (const p of [...pages, admin]) await p.close();
    }
  });
});
