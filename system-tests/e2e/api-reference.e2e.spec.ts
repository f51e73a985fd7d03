import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { routes } from '@campus/contracts';
import { launchBrowser, openPage, screenshot, WIDTHS } from './browser';

/** The API reference page through the gateway (docs/api.md), as an integrator opens it. */
describe('API reference page in a real browser', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('shows every route of the table under its area, with no error and no blocked script', async () => {
    const { page, errors, close } = await openPage(browser, WIDTHS.desktop);
    try {
      await page.goto(`${baseUrl}/api/docs`);
      await page.getByRole('heading', { name: /Campus volunteering API/ }).waitFor();
      const operations = page.locator('.opblock');
      await operations.nth(Object.keys(routes).length - 1).waitFor();
      expect(await operations.count()).toBe(Object.keys(routes).length);
      expect(await page.locator('.opblock-tag').count()).toBeGreaterThan(15);
      // One operation opened: its parameters and answer schema are read from the document.
      await page.locator('#operations-Impact-getImpact').click();
      await page.locator('#operations-Impact-getImpact .parameters').waitFor();
      expect(await page.locator('#operations-Impact-getImpact').textContent()).toContain(
        'organization_id',
      );
      await screenshot(page, 'api-reference-desktop');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
