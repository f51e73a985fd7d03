import ical from 'ical-generator';

export type CalendarOpportunity = {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly address: string | null;
  readonly nonprofit: string | null;
  readonly starts_at: Date;
  readonly duration_minutes: number;
};

/** The stable UID of an opportunity in every file and feed: calendar apps update, never duplicate. */
export const calendarUid = (opportunityId: string, domain: string): string =>
  `${opportunityId}@${domain}`;

/**
 * An iCalendar document of opportunities (ical-generator): start and end in UTC, the calendar
 * marked as Eastern time (X-WR-TIMEZONE), which is how apps show it.
 */
export const icsOf = (
  name: string,
  domain: string,
  opportunities: readonly CalendarOpportunity[],
  /** When the document is made (DTSTAMP). */
  now: Date,
): string => {
  const calendar = ical({ name, prodId: { company: domain, product: 'Campus Volunteering' } });
  calendar.x([{ key: 'X-WR-TIMEZONE', value: 'America/New_York' }]);
  for (const o of opportunities) {
    calendar.createEvent({
      id: calendarUid(o.id, domain),
      start: o.starts_at,
      end: new Date(o.starts_at.getTime() + o.duration_minutes * 60_000),
      stamp: now,
      summary: o.name,
      description: o.nonprofit ? `${o.nonprofit}\n\n${o.description}` : o.description,
      location: o.address,
    });
  }
  return calendar.toString();
};

/** A file name for an opportunity's .ics: its name's letters and digits. */
export const icsFileName = (name: string): string =>
  `${name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'opportunity'}.ics`;
