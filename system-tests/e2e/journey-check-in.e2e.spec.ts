import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { checkInTexts, hostTexts } from '@campus/contracts';
import { registerUser, startedEvent, uniqueSuffix } from './api';
import { launchBrowser, openPage, screenshot, signIn, WIDTHS } from './browser';

const c = checkInTexts;

/**
 * Journey: QR check-in. The host shows the rotating check-in code on the opportunity page; a
 * registered student opens its URL (what scanning the QR code does) and is checked in; a forged
 * code and a student not registered are refused; the host's attendance form starts with the
 * checked-in student ticked.
 */
describe('journey: QR check-in on site', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  const suffix = uniqueSuffix();
  const attendee = { email: `checkin-${suffix}@university.edu`, first: 'Cora', last: 'Checkin' };
  const absent = { email: `absent-${suffix}@university.edu`, first: 'Abe', last: 'Absent' };
  const outsider = { email: `outsider-${suffix}@university.edu`, first: 'Otto', last: 'Outsider' };
  let eventId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    for (const person of [attendee, absent, outsider])
      await registerUser(baseUrl, person.email, person.first, person.last);
    const event = await startedEvent(baseUrl, {
      host: 'host@university.edu',
      organization: 'Campus Service Corps',
      name: `Check-in Shift ${suffix}`,
      participants: [attendee.email, absent.email],
    });
    eventId = event.id;
  });
  afterAll(async () => {
    await browser.close();
  });

  it('checks a registered student in from the host’s code and pre-ticks them for attendance', async () => {
    const host = await openPage(browser, WIDTHS.desktop);
    const student = await openPage(browser, WIDTHS.mobile);
    const stranger = await openPage(browser, WIDTHS.mobile);
    try {
      await signIn(host.page, baseUrl, 'host@university.edu');
      await host.page.waitForURL(/\/opportunities$/);
      await host.page.goto(`${baseUrl}/opportunity/${eventId}`);
      const panel = host.page.getByRole('region', { name: c.host.title });
      await panel.getByRole('button', { name: c.host.show }).click();
      await panel.getByRole('img', { name: c.host.qrLabel }).waitFor();
      const url = await panel.getByRole('link', { name: c.host.link }).getAttribute('href');
      expect(url).toMatch(new RegExp(`/check-in/${eventId}\\?t=\\d+\\.[A-Za-z0-9_-]{43}$`));
      await screenshot(host.page, 'journey-check-in-code-desktop');
      const checkInUrl = url ?? '';

      // A forged code (one character of the signature changed) is refused.
      await signIn(student.page, baseUrl, attendee.email);
      await student.page.waitForURL(/\/opportunities$/);
      const last = checkInUrl.at(-1) === 'A' ? 'B' : 'A';
      await student.page.goto(`${checkInUrl.slice(0, -1)}${last}`);
      await student.page.getByText(c.errors.forged).waitFor();

      // The genuine code checks the student in.
      await student.page.goto(checkInUrl);
      await student.page.getByText(c.screen.success).waitFor();
      await screenshot(student.page, 'journey-check-in-done-mobile');

      // A student not registered is told so.
      await signIn(stranger.page, baseUrl, outsider.email);
      await stranger.page.waitForURL(/\/opportunities$/);
      await stranger.page.goto(checkInUrl);
      await stranger.page.getByText(c.errors.notRegistered).waitFor();

      // The host's attendance form starts from the checked-in list.
      await host.page.reload();
      const attendance = host.page.getByRole('region', { name: hostTexts.attendance.title });
      const checked = attendance.getByRole('checkbox', {
        name: hostTexts.attendance.present(`${attendee.first} ${attendee.last}`),
      });
      await expect.poll(() => checked.isChecked(), { timeout: 15_000 }).toBe(true);
      expect(
        await attendance
          .getByRole('checkbox', {
            name: hostTexts.attendance.present(`${absent.first} ${absent.last}`),
          })
          .isChecked(),
      ).toBe(false);
      await host.page.getByText(c.host.checkedIn(1, 2)).waitFor();
      await screenshot(host.page, 'journey-check-in-attendance-desktop');
      expect(host.errors).toEqual([]);
      expect(student.errors.filter((e) => !/\b400\b/.test(e))).toEqual([]);
    } finally {
      await host.close();
      await student.close();
      await stranger.close();
    }
  });
});
