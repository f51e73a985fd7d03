import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { buildPath, routes, texts } from '@campus/contracts';
import { readMailDir, type ReceivedMail } from '@campus/infra/mail';
import { apiAs, registerUser, uniqueSuffix } from '../api';
import { blockingViolations, checkAccessibility } from '../axe';
import { launchBrowser, openPage, screenshot, signIn, WIDTHS } from '../browser';

/**
 * Mail people can control (docs/mail.md): a friend request's mail carries an unsubscribe link;
 * followed, it asks first, turns friend request mail off (the profile shows it), and the next
 * request mails nothing.
 */
describe('journey: a mail’s unsubscribe link', () => {
  const baseUrl = inject('e2eUrl');
  const mailDir = inject('e2eMailDir');
  let browser: Browser;
  const suffix = uniqueSuffix().replace(/\d/g, '');
  const person = (first: string) => ({
    email: `${first.toLowerCase()}-${suffix}@university.edu`,
    first,
    last: `Post${suffix}`,
    id: '',
  });
  const ada = person('Ada');
  const ben = person('Ben');
  const cal = person('Cal');
  const dee = person('Dee');

  const requestFriend = (from: typeof ada, to: typeof ada) =>
    apiAs(baseUrl, from.email).call('POST', buildPath(routes.requestFriend.path, { id: from.id }), {
      receiver_id: to.id,
    });
  /** The first mail to `to` about `subject`, as the stack's catch-all server keeps it. */
  const mailTo = async (to: typeof ada, subject: string): Promise<ReceivedMail> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const found = (await readMailDir(mailDir)).find(
        (m) => m.to.includes(to.email) && m.subject === subject,
      );
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to.email}: ${subject}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  const subjectFrom = (from: typeof ada) =>
    texts.mail.friendRequest.subject(`${from.first} ${from.last}`);

  beforeAll(async () => {
    browser = await launchBrowser();
    for (const p of [ada, ben, cal, dee]) {
      p.id = (await registerUser(baseUrl, p.email, p.first, p.last)).id;
    }
  });
  afterAll(async () => {
    await browser.close();
  });

  it('Ada follows the link in Ben’s request mail, confirms, and gets no mail of Cal’s request', async () => {
    await requestFriend(ben, ada);
    const mail = await mailTo(ada, subjectFrom(ben));
    const link = /(\S+\/unsubscribe\/\S+)/.exec(mail.text)?.[1] ?? '';
    expect(link.startsWith(`${baseUrl}/unsubscribe/`)).toBe(true);

    // Signed out, on a phone: the page asks first, and only the button turns the mail off.
    const phone = await openPage(browser, WIDTHS.mobile);
    try {
      await phone.page.goto(link);
      await phone.page
        .getByText(texts.mailPreferences.unsubscribe.question('friend_requests'))
        .waitFor();
      await screenshot(phone.page, 'journey-unsubscribe-asks-mobile');
      expect(
        blockingViolations(await checkAccessibility(phone.page, 'journey-unsubscribe')),
      ).toEqual([]);
      await phone.page
        .getByRole('button', { name: texts.mailPreferences.unsubscribe.confirm })
        .click();
      await phone.page
        .getByText(texts.mailPreferences.unsubscribe.done('friend_requests'))
        .waitFor();
      await screenshot(phone.page, 'journey-unsubscribe-done-mobile');
      expect(phone.errors).toEqual([]);
    } finally {
      await phone.close();
    }

    // Her profile shows friend request mail off and the other kinds on.
    const desktop = await openPage(browser, WIDTHS.desktop);
    try {
      await signIn(desktop.page, baseUrl, ada.email);
      await desktop.page.waitForURL(/\/opportunities$/);
      await desktop.page.goto(`${baseUrl}/profile/${ada.id}`);
      const section = desktop.page.getByRole('region', { name: texts.mailPreferences.title });
      const box = (topic: keyof typeof texts.mailPreferences.topics) =>
        section.getByRole('checkbox', { name: texts.mailPreferences.topics[topic].label });
      await box('friend_requests').waitFor();
      expect(await box('friend_requests').isChecked()).toBe(false);
      expect(await box('reminders').isChecked()).toBe(true);
      expect(await box('waitlist').isChecked()).toBe(true);
      expect(await box('service_hours').isChecked()).toBe(true);
      await screenshot(desktop.page, 'journey-unsubscribe-profile-desktop');
      expect(desktop.errors).toEqual([]);
    } finally {
      await desktop.close();
    }

    // Cal's request to Ada, then Ben's to Dee: once Dee's mail is out, Ada's would have been too.
    await requestFriend(cal, ada);
    await requestFriend(ben, dee);
    await mailTo(dee, subjectFrom(ben));
    const toAda = (await readMailDir(mailDir)).filter((m) => m.to.includes(ada.email));
    expect(toAda.map((m) => m.subject)).toEqual([subjectFrom(ben)]);
  });
});
