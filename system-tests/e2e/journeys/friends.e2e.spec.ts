import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { texts } from '@campus/contracts';
import { registerUser, uniqueSuffix } from '../api';
import { blockingViolations, checkAccessibility } from '../axe';
import { launchBrowser, openPage, screenshot, signIn, WIDTHS } from '../browser';

/** Journey 5: two students become friends through the search box and the notifications page. */
describe('journey 5: two students become friends', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  const suffix = uniqueSuffix().replace(/\d/g, '');
  const ada = { email: `ada-${suffix}@university.edu`, first: 'Ada', last: `Quill${suffix}` };
  const ben = { email: `ben-${suffix}@university.edu`, first: 'Ben', last: `Quill${suffix}` };
  const full = (p: { first: string; last: string }) => `${p.first} ${p.last}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    await registerUser(baseUrl, ada.email, ada.first, ada.last);
    await registerUser(baseUrl, ben.email, ben.first, ben.last);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('Ada sends a request from the search box; Ben accepts it on Notifications', async () => {
    const a = await openPage(browser, WIDTHS.desktop);
    const b = await openPage(browser, WIDTHS.desktop);
    try {
      await signIn(a.page, baseUrl, ada.email);
      await a.page.waitForURL(/\/opportunities$/);
      const search = a.page.getByRole('combobox', { name: texts.search.label });
      await search.fill(`Ben Quill${suffix}`);
      const results = a.page.getByRole('dialog', { name: texts.search.results });
      await results.getByRole('button', { name: `${texts.search.addFriend} ${full(ben)}` }).click();
      await results.getByText(texts.groups.friends.requestSent).waitFor();
      await screenshot(a.page, 'journey-5-request-sent-desktop');

      await signIn(b.page, baseUrl, ben.email);
      await b.page.waitForURL(/\/opportunities$/);
      // The bell counts the pending request and leads to Notifications.
      await b.page.getByRole('link', { name: texts.nav.notificationsPending(1) }).click();
      await b.page.waitForURL(/\/notifications$/);
      const request = b.page.getByRole('article', { name: full(ada) });
      await request.getByText(texts.groups.notifications.wantsToBeFriends).waitFor();
      expect(
        blockingViolations(await checkAccessibility(b.page, 'journey-5-notifications')),
      ).toEqual([]);
      await request.getByRole('button', { name: texts.groups.friends.accept }).click();
      await b.page.getByText(texts.groups.notifications.empty).waitFor();
      await screenshot(b.page, 'journey-5-accepted-desktop');

      // Both now see 'Friends ✓' for each other in the search box.
      const bSearch = b.page.getByRole('combobox', { name: texts.search.label });
      await bSearch.fill(`Ada Quill${suffix}`);
      await b.page
        .getByRole('dialog', { name: texts.search.results })
        .getByText(texts.search.friends)
        .waitFor();
      await a.page.reload();
      await a.page.getByRole('combobox', { name: texts.search.label }).fill(`Ben Quill${suffix}`);
      await a.page
        .getByRole('dialog', { name: texts.search.results })
        .getByText(texts.search.friends)
        .waitFor();
      expect(a.errors).toEqual([]);
      expect(b.errors).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
