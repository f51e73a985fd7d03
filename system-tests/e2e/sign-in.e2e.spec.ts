import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { texts } from '@campus/contracts';
import { blockingViolations, checkAccessibility } from './axe';
import { launchBrowser, openPage, screenshot, signIn, WIDTHS } from './browser';

/** Issue 2's journey: sign in through the emulator, register, land greeted by name; strangers refused. */
describe('sign-in and registration in a real browser', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(WIDTHS))(
    'a new university student registers and lands on Events (%s)',
    async (label, width) => {
      const { page, errors, close } = await openPage(browser, width);
      try {
        await signIn(page, baseUrl, `newcomer-${label}-${String(Date.now())}@university.edu`);
        await page.waitForURL(/\/register$/);
        await page.getByLabel(texts.register.firstName).waitFor();
        expect(await page.getByText(texts.register.title).count()).toBeGreaterThan(0);
        await screenshot(page, `page-register-${label}`);
        expect(blockingViolations(await checkAccessibility(page, `register-${label}`))).toEqual([]);
        await page.getByLabel(texts.register.firstName).fill('Nora');
        await page.getByLabel(texts.register.lastName).fill('Newcomer');
        await page.getByLabel(texts.register.phone).fill('5551234567');
        await page.getByText(texts.register.no, { exact: true }).click();
        await page.getByRole('button', { name: texts.register.submit }).click();
        await page.waitForURL(/\/opportunities$/);
        // Greeted by name: the header's welcome line on desktop, the onboarding banner on phones.
        await page.locator('text=/Nora/ >> visible=true').first().waitFor();
        await screenshot(page, `journey-registered-${label}`);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    },
  );

  it('refuses an outside address that is not on the approved list, with the exact text', async () => {
    const { page, close } = await openPage(browser, WIDTHS.desktop);
    try {
      await signIn(page, baseUrl, 'stranger@gmail.com');
      const message = texts.signInErrors.notApproved('support@university.edu');
      await page.getByText(message).waitFor();
      expect(page.url()).toMatch(/\/login$/);
      await screenshot(page, 'journey-refused-desktop');
    } finally {
      await close();
    }
  });
});
