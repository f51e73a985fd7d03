import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import {
  easternToday,
  routes,
  texts,
  type ImpactDashboard,
  impactTexts,
  serviceHoursTexts,
  transcriptTexts,
} from '@campus/contracts';
import { pdfText } from '../../src/stack/pdf-text';
import { apiAs, readUntil, registerUser, uniqueSuffix } from '../api';
import { blockingViolations, checkAccessibility } from '../axe';
import { launchBrowser, openPage, screenshot, signIn, WIDTHS } from '../browser';

const t = serviceHoursTexts.ui;

/** The value a description list gives `term` (profile stats, the dashboard's cards). */
const definition = (scope: Locator, term: string) =>
  scope.locator(`xpath=.//dt[normalize-space()="${term}"]/following-sibling::dd[1]`).first();

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

/**
 * Journey 8 (docs/service-hours.md): a student logs service done off the platform, the host of
 * the organization verifies it, the student's profile and transcript show it, and the admins'
 * impact dashboard counts it.
 */
describe('journey 8: logged service hours are verified and counted', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  const suffix = uniqueSuffix().replace(/\d/g, '');
  const student = { email: `lena-${suffix}@university.edu`, first: 'Lena', last: `Logs${suffix}` };
  const fullName = `${student.first} ${student.last}`;
  const description = `Sorted donations at the church pantry (${suffix}).`;
  const admin = apiAs(baseUrl, 'admin@university.edu');
  const impactPath = routes.getImpact.path;

  beforeAll(async () => {
    browser = await launchBrowser();
    await registerUser(baseUrl, student.email, student.first, student.last);
  });
  afterAll(async () => {
    await browser.close();
  });

  it('the student logs 2 h 30 min, host@ approves them, and they show everywhere', async () => {
    const before = await admin.call<ImpactDashboard>('GET', impactPath);
    const lena = await openPage(browser, WIDTHS.desktop);
    const host = await openPage(browser, WIDTHS.desktop);
    const adminPage = await openPage(browser, WIDTHS.desktop);
    try {
      // 1. The student logs the hours for the Campus Service Corps.
      await signIn(lena.page, baseUrl, student.email);
      await lena.page.waitForURL(/\/opportunities$/);
      await lena.page.goto(`${baseUrl}/hours`);
      await lena.page.getByRole('heading', { level: 1, name: t.title }).waitFor();
      await lena.page.getByRole('button', { name: t.logButton }).click();
      const form = lena.page.getByRole('form', { name: t.formTitle });
      await form.getByLabel(t.organization, { exact: true }).selectOption({
        label: 'Campus Service Corps',
      });
      await form.getByLabel(t.date, { exact: true }).fill(easternToday(new Date()));
      await form.getByLabel(t.hours, { exact: true }).fill('2');
      await form.getByLabel(t.minutes, { exact: true }).fill('30');
      await form
        .getByLabel(t.cause, { exact: true })
        .selectOption('Food Security and Hunger Relief');
      await form.getByLabel(t.description, { exact: true }).fill(description);
      await form.getByLabel(t.verifierName, { exact: true }).fill('Pat Pantry');
      await form.getByLabel(t.verifierEmail, { exact: true }).fill('pat@churchpantry.org');
      await form.getByRole('button', { name: t.submit }).click();
      await lena.page.getByText(t.submitted).waitFor();
      const mine = lena.page.getByRole('article').filter({ hasText: description });
      await mine.getByText(serviceHoursTexts.statuses.pending).waitFor();
      expect(
        blockingViolations(await checkAccessibility(lena.page, 'journey-8-service-hours')),
      ).toEqual([]);
      await screenshot(lena.page, 'journey-8-logged-desktop');

      // 2. host@ hosts the Campus Service Corps: the log waits in their queue; they approve it.
      await signIn(host.page, baseUrl, 'host@university.edu');
      await host.page.waitForURL(/\/opportunities$/);
      await readUntil<{ logs: { description: string | null }[] }>(
        apiAs(baseUrl, 'host@university.edu'),
        routes.getPendingServiceLogs.path,
        (body) => body.logs.some((l) => l.description === description),
      );
      await host.page.goto(`${baseUrl}/hours/verify`);
      await host.page.getByRole('heading', { level: 1, name: t.verifyTitle }).waitFor();
      const pending = host.page.getByRole('article', { name: t.loggedBy(fullName) });
      await pending.getByText(description).waitFor();
      expect(
        blockingViolations(await checkAccessibility(host.page, 'journey-8-verify-hours')),
      ).toEqual([]);
      await pending.getByRole('button', { name: t.approve }).click();
      const dialog = host.page.getByRole('dialog', { name: t.confirmApprove });
      await dialog.getByRole('button', { name: t.approve }).click();
      await pending.waitFor({ state: 'detached' });
      await screenshot(host.page, 'journey-8-verified-desktop');

      // 3. The student's profile splits the hours; the transcript lists the verified service.
      const lenaApi = apiAs(baseUrl, student.email);
      await readUntil<{ logs: { status: string }[] }>(
        lenaApi,
        routes.getMyServiceLogs.path,
        (body) => body.logs.some((l) => l.status === 'approved'),
      );
      await lena.page.getByRole('link', { name: texts.nav.profile }).first().click();
      const stats = lena.page.getByRole('main');
      await expect.poll(() => definition(stats, t.loggedHours).textContent()).toContain('2.5');
      await expect.poll(() => definition(stats, t.platformHours).textContent()).toContain('0');
      const [download] = await Promise.all([
        lena.page.waitForEvent('download'),
        lena.page.getByRole('button', { name: transcriptTexts.download }).click(),
      ]);
      // Table cells wrap: the text is compared with its runs of white space made single spaces.
      const transcript = (await pdfText(await readFile(await download.path()))).replace(
        /\s+/g,
        ' ',
      );
      expect(transcript).toContain(serviceHoursTexts.transcript.loggedVerifiedBy('Harper Host'));
      expect(transcript).toContain('Campus Service Corps');
      expect(transcript).toContain(serviceHoursTexts.transcript.loggedTotal(150));

      // The decision is on the student's Notifications page.
      await lena.page.goto(`${baseUrl}/notifications`);
      await lena.page
        .getByText(t.notificationApproved('Campus Service Corps', 150), { exact: false })
        .waitFor();

      // 4. The admins' impact dashboard counts the 150 minutes.
      const after = await readUntil<ImpactDashboard>(
        admin,
        impactPath,
        (body) => (body.totals.minutes ?? 0) >= (before.totals.minutes ?? 0) + 150,
      );
      expect(after.totals.minutes).toBe((before.totals.minutes ?? 0) + 150);
      await signIn(adminPage.page, baseUrl, 'admin@university.edu');
      await adminPage.page.waitForURL(/\/opportunities$/);
      await adminPage.page.goto(`${baseUrl}/impact`);
      await adminPage.page.getByRole('heading', { level: 1, name: impactTexts.ui.title }).waitFor();
      const totals = adminPage.page.getByRole('region', { name: impactTexts.ui.totals.label });
      await expect
        .poll(() => definition(totals, impactTexts.ui.totals.minutes).textContent())
        .toContain(count(after.totals.minutes ?? 0));
      expect(
        blockingViolations(await checkAccessibility(adminPage.page, 'journey-8-impact')),
      ).toEqual([]);
      await screenshot(adminPage.page, 'journey-8-impact-desktop');
      expect(lena.errors).toEqual([]);
      expect(host.errors).toEqual([]);
      expect(adminPage.errors).toEqual([]);
    } finally {
      await lena.close();
      await host.close();
      await adminPage.close();
    }
  });
});
