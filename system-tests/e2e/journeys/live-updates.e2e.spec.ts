import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildPath, routes, texts } from '@campus/contracts';
import { apiAs, registerUser, uniqueSuffix, upcomingOpportunity } from '../api';
import { launchBrowser, openPage, screenshot, signIn, WIDTHS } from '../browser';

const d = texts.opportunities.detail;
const s = texts.opportunities.signup;
/** How soon another browser's screen must show a change (the figure). */
const WITHIN_MS = 1_000;

/** Marks the page, so that a reload (which would clear the mark) is seen. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { liveMark?: boolean }).liveMark = true;
  });
const stillMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveMark?: boolean }).liveMark === true);

/**
 * Live updates (docs/live-updates.md), in two browsers: Ada watches an opportunity while Ben, in
 * his own browser, signs up for it; Ada's slot count and participant list change within a second,
 * without a reload. Then Ben asks Ada to be friends, and her bell lights up the same way.
 */
describe('journey: live screens', () => {
  const baseUrl = inject('e2eUrl');
  let adaBrowser: Browser | undefined;
  let benBrowser: Browser | undefined;
  const suffix = uniqueSuffix().replace(/\d/g, '');
  const ada = { email: `ada-live-${suffix}@university.edu`, first: 'Ada', last: `Live${suffix}` };
  const ben = { email: `ben-live-${suffix}@university.edu`, first: 'Ben', last: `Live${suffix}` };
  let adaId = '';
  let benId = '';
  let eventId = '';

  beforeAll(async () => {
    [adaBrowser, benBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
    adaId = (await registerUser(baseUrl, ada.email, ada.first, ada.last)).id;
    benId = (await registerUser(baseUrl, ben.email, ben.first, ben.last)).id;
    eventId = await upcomingOpportunity(baseUrl, 4, {
      name: `River Cleanup ${suffix}`,
      description: 'Pick up litter along the river bank.',
      duration: 120,
      total_slots: 5,
      causes: ['Environment & Sustainability'],
    });
  });
  afterAll(async () => {
    await Promise.all([adaBrowser, benBrowser].map(async (browser) => browser?.close()));
  });

  it('shows Ben’s sign-up on Ada’s screen, and his friend request on her bell, within a second', async () => {
    if (!adaBrowser || !benBrowser) throw new Error('the browsers did not start');
    const a = await openPage(adaBrowser, WIDTHS.desktop);
    const b = await openPage(benBrowser, WIDTHS.mobile);
    try {
      await signIn(a.page, baseUrl, ada.email);
      await a.page.waitForURL(/\/opportunities$/);
      // The signed-in shell opens the stream (its first message is `ready`).
      const streamOpened = a.page.waitForResponse(
        (r) => r.url().endsWith(routes.liveUpdates.path) && r.status() === 200,
      );
      await a.page.goto(`${baseUrl}/opportunity/${eventId}`);
      await a.page.getByText(d.availableSlots(5), { exact: true }).waitFor();
      await a.page.getByText(d.noParticipants).waitFor();
      await streamOpened;
      await markPage(a.page);

      await signIn(b.page, baseUrl, ben.email);
      await b.page.waitForURL(/\/opportunities$/);
      await b.page.goto(`${baseUrl}/opportunity/${eventId}`);
      const signUp = b.page.getByRole('button', { name: s.signUpNow });
      await signUp.waitFor();
      await expect.poll(() => signUp.isEnabled(), { timeout: 10_000 }).toBe(true);
      const answered = b.page.waitForResponse(
        (r) => r.url().endsWith(routes.signUp.path) && r.request().method() === 'POST',
      );
      await signUp.click();
      expect((await answered).status()).toBe(201);
      const signedUpAt = Date.now();

      // Ada's screen: one slot fewer and Ben among the participants, with no reload.
      await a.page.getByText(d.availableSlots(4), { exact: true }).waitFor({ timeout: WITHIN_MS });
      await a.page
        .getByRole('link', { name: `${ben.first} ${ben.last}` })
        .waitFor({ timeout: Math.max(1, WITHIN_MS - (Date.now() - signedUpAt)) });
      expect(await stillMarked(a.page)).toBe(true);
      await screenshot(a.page, 'journey-live-slots-desktop');

      // Ben asks Ada to be friends: her bell shows it, again with no reload.
      const requested = await apiAs(baseUrl, ben.email).call(
        'POST',
        buildPath(routes.requestFriend.path, { id: benId }),
        { receiver_id: adaId },
      );
      expect(requested).toBeTruthy();
      const requestedAt = Date.now();
      await a.page
        .getByRole('link', { name: texts.nav.notificationsPending(1) })
        .first()
        .waitFor({ timeout: WITHIN_MS });
      expect(Date.now() - requestedAt).toBeLessThanOrEqual(WITHIN_MS);
      expect(await stillMarked(a.page)).toBe(true);
      await screenshot(a.page, 'journey-live-bell-desktop');

      expect(a.errors).toEqual([]);
      expect(b.errors).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
