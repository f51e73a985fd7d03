import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { texts, hostTexts } from '@campus/contracts';
import { registerUser, startedEvent, uniqueSuffix } from '../api';
import { launchBrowser, openPage, screenshot, signIn, WIDTHS } from '../browser';

/** The value a description list gives `term` (profile stats, the leaderboard's own line). */
const definition = (scope: Locator, term: string) =>
  scope.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`).first();

/**
 * Journey 4: the host marks attendance; the attendee's points, hours, badges, the monthly and
 * all-time boards and the point history all show the new points.
 */
describe('journey 4: attendance turns into points everywhere', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  const suffix = uniqueSuffix();
  const attendee = { email: `attendee-${suffix}@university.edu`, first: 'Ari', last: 'Attendee' };
  const eventName = `Pantry Restock ${suffix}`;
  let eventId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    await registerUser(baseUrl, attendee.email, attendee.first, attendee.last);
    const event = await startedEvent(baseUrl, {
      host: 'host@university.edu',
      organization: 'Campus Service Corps',
      name: eventName,
      participants: [attendee.email],
    });
    eventId = event.id;
  });
  afterAll(async () => {
    await browser.close();
  });

  it('the host submits 2 hours; the attendee sees 125 points (with the first sign-up bonus)', async () => {
    const host = await openPage(browser, WIDTHS.desktop);
    const student = await openPage(browser, WIDTHS.desktop);
    const fullName = `${attendee.first} ${attendee.last}`;
    try {
      await signIn(host.page, baseUrl, 'host@university.edu');
      await host.page.waitForURL(/\/opportunities$/);
      await host.page.goto(`${baseUrl}/opportunity/${eventId}`);
      const panel = host.page.getByRole('region', { name: hostTexts.attendance.title });
      await panel.getByRole('checkbox', { name: hostTexts.attendance.present(fullName) }).check();
      await panel.getByLabel(hostTexts.attendance.hours).fill('2');
      await panel.getByLabel(hostTexts.attendance.minutes).fill('0');
      await panel.getByRole('button', { name: hostTexts.attendance.submit }).click();
      // It cannot be undone: the host confirms the counts and the time first.
      const confirm = host.page.getByRole('dialog', { name: hostTexts.attendance.confirmTitle });
      await confirm.getByText(hostTexts.attendance.confirmMessage(1, 0, 120)).waitFor();
      await confirm.getByRole('button', { name: hostTexts.attendance.confirm }).click();
      await panel.getByRole('button', { name: hostTexts.attendance.alreadySubmitted }).waitFor();
      await panel.getByText(hostTexts.attendance.attended, { exact: true }).waitFor();
      await panel.getByText(hostTexts.attendance.submitted(1, 0)).waitFor();
      await screenshot(host.page, 'journey-4-attendance-submitted-desktop');

      // 120 minutes, plus 5 for being the first (and only) to sign up: 125 points, 2.1 hours.
      await signIn(student.page, baseUrl, attendee.email);
      await student.page.waitForURL(/\/opportunities$/);
      await student.page.getByRole('link', { name: texts.nav.yourProfile }).click();
      await student.page.waitForURL(/\/profile\/[0-9a-f-]{36}$/);
      const stats = student.page.locator(`dl[aria-label="${texts.profile.stats.label}"]`);
      expect(await definition(stats, texts.profile.stats.points).textContent()).toBe('125');
      expect(await definition(stats, texts.profile.stats.hours).textContent()).toBe('2.1');
      const badges = student.page.getByRole('region', { name: texts.profile.badges.title });
      for (const badge of ['First Step', 'Point Novice', 'Point Adept', 'Point Master'])
        await badges.getByText(badge, { exact: true }).waitFor();
      const history = student.page.getByRole('region', { name: texts.profile.history.title });
      await history.getByText(eventName).first().waitFor();
      await history.getByText(texts.profile.history.firstSignupBonus).first().waitFor();
      await screenshot(student.page, 'journey-4-profile-desktop');

      await student.page.getByRole('link', { name: texts.nav.leaderboard }).click();
      await student.page.waitForURL(/\/leaderboard$/);
      const me = student.page.getByRole('region', { name: texts.leaderboard.yourRank });
      // The rank card holds its place with a placeholder until the board arrives: wait for the value.
      const myPoints = () => definition(me, texts.leaderboard.yourPoints).textContent();
      await expect.poll(myPoints, { timeout: 15_000 }).toBe('125');
      await student.page.getByRole('radio', { name: texts.leaderboard.allTime }).check();
      await student.page.getByText(texts.leaderboard.allTimeWindow).waitFor();
      await expect.poll(myPoints, { timeout: 15_000 }).toBe('125');
      await screenshot(student.page, 'journey-4-leaderboard-desktop');
      expect(host.errors).toEqual([]);
      expect(student.errors).toEqual([]);
    } finally {
      await host.close();
      await student.close();
    }
  });
});
