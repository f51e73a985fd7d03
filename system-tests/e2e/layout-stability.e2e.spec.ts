import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildPath, routes, texts, adminTexts, hostTexts } from '@campus/contracts';
import { apiAs, opportunityPath, registerUser, uniqueSuffix } from './api';
import {
  launchBrowser,
  openPage,
  registerInBrowser,
  screenshot,
  signIn,
  WIDTHS,
  waitForNetworkQuiet,
} from './browser';

/**
 * Signed-in pages keep still while their data arrives (cumulative layout shift under 0.1 at 1280
 * and 390 px), name themselves in the document title, hand focus to their heading after an in-app
 * navigation (not on a first load), and a closed popup gives focus back to the button that
 * opened it.
 */

/** Lighthouse's 'good' limit. */
const CLS_LIMIT = 0.1;

type Shift = { value: number; sources: string[] };
type ShiftLog = { total: number; shifts: Shift[] };

/**
 * Installed before any page script: adds up every layout shift not caused by recent input, over
 * the page's whole life (a plain sum, stricter than the session windows of the CLS metric).
 */
const recordLayoutShifts = () => {
  const log: ShiftLog = { total: 0, shifts: [] };
  (window as unknown as { __layoutShifts: ShiftLog }).__layoutShifts = log;
  const describeNode = (node: Node | null | undefined) => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?';
    const classes = Array.from(node.classList).slice(0, 2).join('.');
    const text = node.textContent.trim().slice(0, 30);
    return `${node.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}"`;
  };
  const describeRect = (rect: DOMRectReadOnly | undefined) =>
    rect ? `${String(Math.round(rect.y))}+${String(Math.round(rect.height))}` : '?';
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const shift = entry as PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: readonly {
          node?: Node | null;
          previousRect?: DOMRectReadOnly;
          currentRect?: DOMRectReadOnly;
        }[];
      };
      if (shift.hadRecentInput) continue;
      log.total += shift.value;
      log.shifts.push({
        value: Math.round(shift.value * 10_000) / 10_000,
        sources: (shift.sources ?? []).map(
          (source) =>
            `${describeNode(source.node)} y ${describeRect(source.previousRect)} → ${describeRect(source.currentRect)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

const shiftsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __layoutShifts: ShiftLog }).__layoutShifts);

/** The page's data has arrived and drawn: network quiet, pictures loaded, two frames later. */
const settle = async (page: Page) => {
  await waitForNetworkQuiet(page);
  // Pictures in view (lazy ones further down load only when scrolled to).
  await page.waitForFunction(() =>
    Array.from(document.images)
      .filter((image) => image.getBoundingClientRect().top < window.innerHeight)
      .every((image) => image.complete),
  );
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForTimeout(300);
};

/** Loads `path` afresh and adds up its layout shifts once `loaded` shows and all has settled. */
const measureLoad = async (page: Page, url: string, loaded: string) => {
  await page.goto(url);
  await page.locator(loaded).first().waitFor();
  await settle(page);
  return shiftsOf(page);
};

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active ? { tag: active.tagName.toLowerCase(), text: active.textContent.trim() } : null;
  });

const documentTitle = (name: string) => texts.pages.documentTitle(name);

describe('layout stability, page titles and focus on signed-in pages', () => {
  const baseUrl = inject('e2eUrl');
  let browser: Browser;
  let studentId = '';
  let studentName = '';
  let opportunity = { id: '', name: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    const student = apiAs(baseUrl, 'student@university.edu');
    const me = await student.call<{ id: string; name: string }>(
      'GET',
      buildPath(routes.getUserByEmail.path, { address: 'student@university.edu' }),
    );
    studentId = me.id;
    studentName = me.name;
    const opportunities = await student.call<
      { id: string; name: string; registered_count: number; imageUrl: string | null }[]
    >('GET', routes.listOpportunities.path);
    const chosen =
      opportunities.find((o) => o.registered_count > 2 && o.imageUrl) ?? opportunities[0];
    if (!chosen) throw new Error('the demo data has no opportunity');
    opportunity = { id: chosen.id, name: chosen.name };
  });
  afterAll(async () => {
    await browser.close();
  });

  /** Each page, loaded afresh, and what shows that its data has arrived. */
  const pages = () => [
    {
      name: 'opportunities',
      path: '/opportunities',
      title: documentTitle(texts.pages.events),
      loaded: 'main [data-testid="opportunity-card"]',
    },
    {
      name: 'leaderboard',
      path: '/leaderboard',
      title: documentTitle(texts.pages.leaderboard),
      loaded: 'main table tbody tr',
    },
    {
      name: 'profile',
      path: `/profile/${studentId}`,
      title: documentTitle(studentName),
      loaded: `main h1:has-text("${studentName}")`,
    },
    {
      name: 'opportunity',
      path: opportunityPath(opportunity.id),
      title: documentTitle(opportunity.name),
      loaded: 'main h1#opportunity-title',
    },
  ];

  for (const [label, width] of Object.entries(WIDTHS)) {
    it(`pages shift less than ${String(CLS_LIMIT)} while loading and are titled (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, width);
      try {
        await signIn(page, baseUrl, 'student@university.edu');
        await page.waitForURL(/\/opportunities$/);
        await page.addInitScript(recordLayoutShifts);
        const measured: Record<string, ShiftLog> = {};
        for (const { name, path, title, loaded } of pages()) {
          measured[name] = await measureLoad(page, `${baseUrl}${path}`, loaded);
          expect(await page.title(), `${path}'s title`).toBe(title);
          // A first load leaves focus where the browser puts it: no jump to the heading.
          expect((await activeElement(page))?.tag, `focus on first load of ${path}`).toBe('body');
          await screenshot(page, `layout-${name}-${label}`);
        }
        // Every page over the limit at once, each with the shifts that added up to it.
        const over = Object.entries(measured)
          .filter(([, log]) => log.total >= CLS_LIMIT)
          .map(([name, log]) => ({ name, total: log.total, shifts: log.shifts }));
        expect(over).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`the admin panel shifts less than ${String(CLS_LIMIT)} while its data arrives (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, width);
      try {
        await signIn(page, baseUrl, 'admin@university.edu');
        await page.waitForURL(/\/opportunities$/);
        await page.addInitScript(recordLayoutShifts);
        // The summary's numbers and both approval tables (rows or their empty line) are in.
        const log = await measureLoad(
          page,
          `${baseUrl}/admin`,
          `main dl[aria-label="${adminTexts.summary.label}"]:not([aria-busy]) dd`,
        );
        await page.locator('main [aria-busy="true"]').first().waitFor({ state: 'detached' });
        expect(await page.title()).toBe(documentTitle(texts.pages.admin));
        await screenshot(page, `layout-admin-${label}`);
        expect(log.total, JSON.stringify(log.shifts, null, 1)).toBeLessThan(CLS_LIMIT);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`a new user's onboarding banner on /opportunities shifts nothing while the list loads (${label})`, async () => {
      const email = `banner-${label}-${uniqueSuffix()}@university.edu`;
      const { page, errors, close } = await openPage(browser, width);
      try {
        await registerInBrowser(page, baseUrl, email, 'Bea', 'Banner');
        await page.addInitScript(recordLayoutShifts);
        const log = await measureLoad(
          page,
          `${baseUrl}/opportunities`,
          'main [data-testid="opportunity-card"]',
        );
        const banner = page.getByRole('region', { name: texts.onboarding.bannerAction });
        expect(await banner.isVisible()).toBe(true);
        await screenshot(page, `layout-onboarding-${label}`);
        expect(log.total, JSON.stringify(log.shifts, null, 1)).toBeLessThan(CLS_LIMIT);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`focus moves to the new page's heading after an in-app navigation (${label})`, async () => {
      const { page, errors, close } = await openPage(browser, width);
      try {
        await signIn(page, baseUrl, 'student@university.edu');
        await page.waitForURL(/\/opportunities$/);
        await page.locator('main [data-testid="opportunity-card"]').first().waitFor();

        const navigation =
          width < 768
            ? page.getByRole('navigation', { name: texts.nav.tabs })
            : page.getByRole('navigation', { name: texts.nav.main });
        const expectHeadingFocused = async (heading: string, title: string) => {
          await page.waitForFunction(
            (text) =>
              document.activeElement?.tagName === 'H1' &&
              document.activeElement.textContent.trim() === text,
            heading,
          );
          expect(await page.title()).toBe(title);
        };

        await navigation.getByRole('link', { name: texts.nav.leaderboard }).click();
        await page.waitForURL(/\/leaderboard$/);
        await expectHeadingFocused(texts.pages.leaderboard, documentTitle(texts.pages.leaderboard));

        await navigation.getByRole('link', { name: texts.nav.profile }).click();
        await page.waitForURL(/\/profile\//);
        // The loading heading gives way to the person's name, and focus follows it.
        await expectHeadingFocused(studentName, documentTitle(studentName));

        await navigation.getByRole('link', { name: texts.nav.events }).click();
        await page.waitForURL(/\/opportunities$/);
        await expectHeadingFocused(texts.events.title, documentTitle(texts.pages.events));

        await page
          .locator(`main a[href="${opportunityPath(opportunity.id)}"]`)
          .first()
          .click();
        await page.waitForURL((url) => url.pathname === opportunityPath(opportunity.id));
        await expectHeadingFocused(opportunity.name, documentTitle(opportunity.name));
        await screenshot(page, `focus-opportunity-heading-${label}`);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it("'Go to host tools' takes a host or admin on a phone to the tools' heading, clear of the header", async () => {
    // An admin sees the host's tools on every opportunity.
    for (const [label, width] of Object.entries(WIDTHS)) {
      const { page, errors, close } = await openPage(browser, width);
      try {
        await signIn(page, baseUrl, 'admin@university.edu');
        await page.waitForURL(/\/opportunities$/);
        await page.goto(`${baseUrl}${opportunityPath(opportunity.id)}`);
        const heading = page.getByRole('heading', { name: hostTexts.tools.title });
        await heading.waitFor();
        const jump = page.getByRole('link', { name: hostTexts.facts.goToTools });
        if (width >= 1280) {
          // The tools are beside the facts: nothing to jump to.
          expect(await jump.isVisible(), label).toBe(false);
          continue;
        }
        await jump.click();
        await page.waitForFunction(
          (text) =>
            document.activeElement?.tagName === 'H2' &&
            document.activeElement.textContent.trim() === text,
          hostTexts.tools.title,
        );
        await page.waitForTimeout(300);
        const box = await heading.boundingBox();
        const header = await page.getByRole('banner').boundingBox();
        if (!box || !header) throw new Error('the opportunity page is incomplete');
        expect(box.y, 'the heading below the sticky header').toBeGreaterThanOrEqual(
          header.y + header.height,
        );
        expect(box.y, 'the heading near the top of the screen').toBeLessThan(300);
        // The next Tab is in the tools (the check-in code comes first).
        await page.keyboard.press('Tab');
        expect(
          await page
            .getByRole('region', { name: hostTexts.tools.title })
            .evaluate((tools) => tools.contains(document.activeElement)),
        ).toBe(true);
        await screenshot(page, `host-tools-jump-${label}`);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    }
  });

  it('focus typed into the header search is not taken by a navigation elsewhere', async () => {
    const { page, close } = await openPage(browser, WIDTHS.desktop);
    try {
      await signIn(page, baseUrl, 'student@university.edu');
      await page.waitForURL(/\/opportunities$/);
      await page.locator('main [data-testid="opportunity-card"]').first().waitFor();
      await page.getByRole('link', { name: texts.nav.leaderboard }).first().click();
      await page.waitForURL(/\/leaderboard$/);
      // The person starts typing before the page's data has arrived.
      const search = page.getByRole('combobox', { name: texts.search.label });
      await search.click();
      await search.pressSequentially('st');
      await settle(page);
      expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    } finally {
      await close();
    }
  });

  it('at 390 px, what Tab focuses is scrolled clear of the bottom tab bar', async () => {
    const { page, close } = await openPage(browser, WIDTHS.mobile);
    try {
      await signIn(page, baseUrl, 'student@university.edu');
      await page.waitForURL(/\/opportunities$/);
      await page.goto(`${baseUrl}/leaderboard`);
      await page.locator('main table tbody tr').first().waitFor();
      await settle(page);
      const hidden: string[] = [];
      for (let step = 0; step < 40; step++) {
        await page.keyboard.press('Tab');
        const focus = await page.evaluate((tabsName) => {
          const active = document.activeElement as HTMLElement;
          const bar = document.querySelector<HTMLElement>(`nav[aria-label="${tabsName}"]`);
          if (!bar || bar.contains(active)) return null;
          return {
            name: `${active.tagName} ${(active.getAttribute('aria-label') ?? active.textContent).trim().slice(0, 30)}`,
            bottom: active.getBoundingClientRect().bottom,
            barTop: bar.getBoundingClientRect().top,
          };
        }, texts.nav.tabs);
        // Half a pixel of rounding aside, the focused element ends above the bar.
        if (focus && focus.bottom > focus.barTop + 0.5) {
          hidden.push(`${focus.name}: ${String(focus.bottom)} > ${String(focus.barTop)}`);
        }
      }
      expect(hidden).toEqual([]);
    } finally {
      await close();
    }
  });

  it('at 390 px, with the scrollbar gutter taken, every part of the header is fully in view', async () => {
    const { page, close } = await openPage(browser, WIDTHS.mobile);
    try {
      await signIn(page, baseUrl, 'student@university.edu');
      await page.waitForURL(/\/opportunities$/);
      await page.locator('main [data-testid="opportunity-card"]').first().waitFor();
      await settle(page);
      const cut = await page.evaluate(() => {
        const header = document.querySelector('header');
        if (!header) return ['no header'];
        // The header's own width: what the page's scrollbar leaves it.
        const width = header.getBoundingClientRect().left + header.clientWidth;
        return Array.from(header.querySelectorAll<HTMLElement>('a, button, img, svg'))
          .filter((element) => element.getClientRects().length > 0)
          .map((element) => ({ element, box: element.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && (box.left < -0.5 || box.right > width + 0.5))
          .map(
            ({ element, box }) =>
              `${element.tagName} ${(element.getAttribute('aria-label') ?? element.textContent).trim().slice(0, 30)}: ${String(Math.round(box.left))}-${String(Math.round(box.right))} of ${String(width)}`,
          );
      });
      expect(cut).toEqual([]);
    } finally {
      await close();
    }
  });

  it('text fields show the same focus ring as buttons', async () => {
    const { page, close } = await openPage(browser, WIDTHS.desktop);
    try {
      const ringOf = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((element) => {
            const style = getComputedStyle(element);
            return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
          });
      await page.goto(`${baseUrl}/login`);
      const signInButton = page.getByRole('button', { name: texts.login.signIn });
      await signInButton.waitFor();
      // Keyboard focus on a button, the ring every control should share.
      await page.keyboard.press('Tab');
      await signInButton.focus();
      const buttonRing = await ringOf(':focus-visible');
      expect(buttonRing).toBe('solid 3px rgb(37, 99, 235)');
      await page.keyboard.press('Enter');
      const email = page.getByRole('dialog').getByLabel(/email/i);
      await email.focus();
      expect(await ringOf('input:focus')).toBe(buttonRing);
      await page.keyboard.press('Escape');

      // The fields of the Events filters, organization search and the create form share it too.
      await signIn(page, baseUrl, 'student@university.edu');
      await page.waitForURL(/\/opportunities$/);
      const fields = [
        { path: '/opportunities', label: texts.opportunities.list.search },
        { path: '/groups', label: texts.groups.manage.searchLabel },
        { path: '/create-opportunity', label: hostTexts.create.tags },
      ];
      const rings: Record<string, string> = {};
      for (const { path, label } of fields) {
        await page.goto(`${baseUrl}${path}`);
        const field = page.getByLabel(label, { exact: true });
        await field.focus();
        rings[label] = await ringOf('input:focus');
      }
      expect(rings).toEqual(Object.fromEntries(fields.map(({ label }) => [label, buttonRing])));
    } finally {
      await close();
    }
  });

  it('closing the sign-up popup gives focus back to the sign-up button', async () => {
    const email = `steady-${uniqueSuffix()}@university.edu`;
    await registerUser(baseUrl, email, 'Sol', 'Steady');
    const api = apiAs(baseUrl, email);
    const open = await api.call<
      {
        id: string;
        slots_left: number;
        is_registered: boolean;
        is_host: boolean;
        redirect_url: string | null;
        starts_at: string;
      }[]
    >('GET', routes.listOpportunities.path);
    const target = open.find(
      (o) =>
        o.slots_left >= 3 &&
        !o.is_registered &&
        !o.is_host &&
        !o.redirect_url &&
        Date.parse(o.starts_at) > Date.now() + 86_400_000,
    );
    if (!target) throw new Error('the demo data has no opportunity open for sign-up');

    const { page, errors, close } = await openPage(browser, WIDTHS.desktop);
    try {
      await signIn(page, baseUrl, email);
      await page.waitForURL(/\/opportunities$/);
      await page.goto(`${baseUrl}${opportunityPath(target.id)}`);
      const signUp = page.getByRole('button', { name: texts.opportunities.signup.signUp });
      await signUp.focus();
      await page.keyboard.press('Enter');
      const popup = page.getByRole('alertdialog', {
        name: texts.opportunities.signup.thankYouTitle,
      });
      await popup.waitFor();
      await page.keyboard.press('Enter');
      await popup.waitFor({ state: 'detached' });
      const signedUp = page.getByRole('button', { name: texts.opportunities.signup.signedUp });
      await signedUp.waitFor();
      await page.waitForFunction(
        (name) => document.activeElement?.textContent.trim() === name,
        texts.opportunities.signup.signedUp,
      );
      expect(await activeElement(page)).toEqual({
        tag: 'button',
        text: texts.opportunities.signup.signedUp,
      });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
