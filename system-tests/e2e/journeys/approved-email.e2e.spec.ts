import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { texts, adminTexts } from '@campus/contracts';
import { uniqueSuffix } from '../api';
import { launchBrowser, openPage, registerInBrowser, screenshot, signIn, WIDTHS } from '../browser';

/**
 * Journey 2: an outside address is refused; an admin adds it to the approved list on the Admin
 * Panel; it can then register.
 */
describe('journey 2: an outside address, refused until an admin approves it', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('is refused, approved on the Admin Panel, then registers', async () => {
    const outsider = `partner-${uniqueSuffix()}@example.org`;
    const visitor = await openPage(browser, WIDTHS.desktop);
    const admin = await openPage(browser, WIDTHS.desktop);
    try {
      await signIn(visitor.page, baseUrl, outsider);
      await visitor.page
        .getByText(texts.signInErrors.notApproved('support@university.edu'))
        .waitFor();
      expect(visitor.page.url()).toMatch(/\/login$/);
      await screenshot(visitor.page, 'journey-2-refused-desktop');

      await signIn(admin.page, baseUrl, 'admin@university.edu');
      await admin.page.waitForURL(/\/opportunities$/);
      await admin.page.getByRole('link', { name: texts.nav.adminPage }).click();
      await admin.page.waitForURL(/\/admin$/);
      await admin.page.getByLabel(adminTexts.approvedEmail.label).fill(outsider);
      await admin.page.getByRole('button', { name: adminTexts.approvedEmail.add }).click();
      // Said as a success: a polite status in the success tone, with its check glyph.
      const added = admin.page
        .getByRole('status')
        .filter({ hasText: adminTexts.approvedEmail.added(outsider) });
      await added.waitFor();
      expect(await added.getAttribute('data-tone')).toBe('success');
      expect(await added.locator('svg[data-icon="success"]').count()).toBe(1);
      await screenshot(admin.page, 'journey-2-approved-desktop');

      await registerInBrowser(visitor.page, baseUrl, outsider, 'Pat', 'Partner');
      await visitor.page.locator('text=/Pat/ >> visible=true').first().waitFor();
      await screenshot(visitor.page, 'journey-2-registered-desktop');
      expect(visitor.errors).toEqual([]);
      expect(admin.errors).toEqual([]);
    } finally {
      await visitor.close();
      await admin.close();
    }
  });
});
