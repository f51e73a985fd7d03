import { texts } from '@campus/contracts';

/** A mailto: link opening a bug report draft to the support mailbox, naming the page it came from. */
export const reportBugHref = (supportEmail: string, pageUrl: string): string => {
  const query = new URLSearchParams({
    subject: texts.nav.reportBugSubject,
    body: texts.nav.reportBugBody(pageUrl),
  })
    .toString()
    // Mail clients read '+' literally; mailto wants %20 for spaces.
    .replace(/\+/g, '%20');
  return `mailto:${supportEmail}?${query}`;
};
