import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildPath, routes, adminTexts } from '@campus/contracts';
import { apiAs, registerUser, startedEvent, uniqueSuffix } from '../api';
import { launchBrowser, openPage, screenshot, signIn, WIDTHS } from '../browser';

/**
 * Journey 6: an admin exports service data for a date range, watches the job's progress and
 * downloads the CSV, whose rows match the attendance.
 */
describe('journey 6: the service data export', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  const suffix = uniqueSuffix();
  const eventName = `Shelter Dinner ${suffix}`;
  const people = ['amal', 'bo', 'cy'].map((n) => `${n}-${suffix}@university.edu`);
  const attended = people.slice(0, 2);
  let eventDate = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    for (const email of people) await registerUser(baseUrl, email, 'Sky', `Server ${suffix}`);
    // The scene: a dinner shift earlier today; two of the three came, for 90 minutes.
    const event = await startedEvent(baseUrl, {
      host: 'host@university.edu',
      organization: 'Campus Service Corps',
      name: eventName,
      participants: people,
    });
    eventDate = event.date;
    const host = apiAs(baseUrl, 'host@university.edu');
    const ids = await Promise.all(
      attended.map(async (email) => {
        const user = await host.call<{ id: string }>(
          'GET',
          buildPath(routes.getUserByEmail.path, { address: email }),
        );
        return user.id;
      }),
    );
    await host.call('PUT', routes.markAttendance.path, {
      opportunity_id: event.id,
      user_ids: ids,
      duration: 90,
    });
  });
  afterAll(async () => {
    await browser.close();
  });

  it('exports the range, shows the progress and downloads rows matching the attendance', async () => {
    const { page, errors, close } = await openPage(browser, WIDTHS.desktop);
    try {
      await signIn(page, baseUrl, 'admin@university.edu');
      await page.waitForURL(/\/opportunities$/);
      await page.goto(`${baseUrl}/admin`);
      const t = adminTexts.exports;
      const start = page.getByLabel(t.startPrompt);
      // The range defaults to two months ago up to today; the journey narrows it to today.
      const end = page.getByLabel(t.endPrompt);
      expect(await start.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(await end.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      await start.fill(eventDate);
      await end.fill(eventDate);
      // Remember whether the job's progress bar showed up, however short the job.
      await page.evaluate(() => {
        const w = window as unknown as { sawProgress: boolean };
        w.sawProgress = false;
        new MutationObserver(() => {
          if (document.querySelector('progress')) w.sawProgress = true;
        }).observe(document.body, { childList: true, subtree: true });
      });
      const fileName = `service_data_${eventDate}_to_${eventDate}.csv`;
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: t.serviceData }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(fileName);
      const done = page.getByRole('status').filter({ hasText: t.done(fileName) });
      await done.waitFor();
      expect(await done.getAttribute('data-tone')).toBe('success');
      expect(
        await page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress),
      ).toBe(true);
      await screenshot(page, 'journey-6-exported-desktop');

      const csv = await readFile(await download.path(), 'utf8');
      const [header, ...lines] = csv.trim().split(/\r?\n/);
      expect(header).toBe('student_name,email,opportunity,organization,date,minutes');
      const ours = lines.filter((line) => line.includes(eventName)).map((line) => line.split(','));
      expect(ours.map((cells) => cells[1]).sort()).toEqual([...attended].sort());
      for (const cells of ours) {
        expect(cells[3]).toBe('Campus Service Corps');
        expect(cells[4]).toBe(eventDate);
        expect(cells[5]).toBe('90');
      }
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
