import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildPath, routes, texts } from '@campus/contracts';
import { apiAs, registerUser, uniqueSuffix, upcomingOpportunity } from './api';
import { launchBrowser, openPage, screenshot, signIn, WIDTHS } from './browser';

const w = texts.waitlist;
const s = texts.opportunities.signup;

/**
 * Journey: the waitlist. An opportunity three days ahead has one slot, taken. A student finds it
 * full and joins the waitlist (#1); the slot's holder unregisters in their own browser; the student
 * is registered automatically (their page says 'Signed Up ✓') and the opportunity appears in
 * their private calendar feed under its stable UID.
 */
describe('journey: waitlist promotion', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  const suffix = uniqueSuffix();
  const holder = { email: `holder-${suffix}@university.edu`, first: 'Hollis', last: 'Holder' };
  const waiter = { email: `waiter-${suffix}@university.edu`, first: 'Wren', last: 'Waiter' };
  const eventName = `Shelter Dinner ${suffix}`;
  let eventId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    for (const person of [holder, waiter])
      await registerUser(baseUrl, person.email, person.first, person.last);
    eventId = await upcomingOpportunity(baseUrl, 3, {
      name: eventName,
      description: 'Serve dinner at the shelter.',
    });
    const holderApi = apiAs(baseUrl, holder.email);
    const me = await holderApi.call<{ id: string }>(
      'GET',
      buildPath(routes.getUserByEmail.path, { address: holder.email }),
    );
    await holderApi.call('POST', routes.signUp.path, { user_id: me.id, opportunity_id: eventId });
  });
  afterAll(async () => {
    await browser.close();
  });

  it('joins the waitlist of a full opportunity and is registered when the slot frees', async () => {
    const student = await openPage(browser, WIDTHS.mobile);
    const leaving = await openPage(browser, WIDTHS.desktop);
    try {
      await signIn(student.page, baseUrl, waiter.email);
      await student.page.waitForURL(/\/opportunities$/);
      await student.page.goto(`${baseUrl}/opportunity/${eventId}`);
      const join = student.page.getByRole('button', { name: w.join });
      await join.waitFor();
      await expect.poll(() => join.isEnabled(), { timeout: 10_000 }).toBe(true);
      // 'Event Full' says why the waitlist is offered.
      await student.page.getByText(s.fullReason, { exact: true }).waitFor();
      await join.click();
      await student.page.getByText(w.position(1)).waitFor();
      await student.page.getByRole('button', { name: w.leave }).waitFor();
      await screenshot(student.page, 'journey-waitlist-position-mobile');

      // The one participant leaves in their own browser.
      await signIn(leaving.page, baseUrl, holder.email);
      await leaving.page.waitForURL(/\/opportunities$/);
      await leaving.page.goto(`${baseUrl}/opportunity/${eventId}`);
      await leaving.page.getByRole('button', { name: s.signedUp }).click();
      // Unregistering asks first; the card then says what happened.
      const confirm = texts.opportunities.unregisterConfirm;
      await leaving.page
        .getByRole('dialog', { name: confirm.title })
        .getByRole('button', { name: confirm.confirm })
        .click();
      await leaving.page.getByText(s.unregisteredOutcome).waitFor();
      // The slot went straight to the first person waiting: still full for the one who left.
      await leaving.page.getByRole('button', { name: w.join }).waitFor();

      // The waiting student is registered without doing anything.
      await expect
        .poll(
          async () => {
            await student.page.reload();
            await student.page
              .getByRole('button', { name: new RegExp(`${s.signedUp}|${w.leave}|${w.join}`) })
              .first()
              .waitFor();
            return student.page.getByRole('button', { name: s.signedUp }).count();
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      await screenshot(student.page, 'journey-waitlist-promoted-mobile');

      // Their private calendar feed lists it under its stable UID.
      await student.page.goto(`${baseUrl}/my-opportunities`);
      const address = student.page.getByRole('textbox', { name: texts.calendar.subscriptionTitle });
      await address.waitFor();
      const feedUrl = await address.inputValue();
      expect(feedUrl).toMatch(/\/api\/calendar\/feeds\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
      const feed = await fetch(feedUrl);
      expect(feed.status).toBe(200);
      expect(await feed.text()).toContain(`UID:${eventId}@university.edu`);

      expect(student.errors).toEqual([]);
      expect(leaving.errors).toEqual([]);
    } finally {
      await student.close();
      await leaving.close();
    }
  });
});
