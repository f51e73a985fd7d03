import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarSubscriptionSchema } from '@campus/contracts';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'calendar-admin@university.edu';

/** The VEVENT blocks of an iCalendar text, each as its property lines. */
const eventsOf = (ics: string) =>
  ics
    .split('BEGIN:VEVENT')
    .slice(1)
    .map((block) => block.split('END:VEVENT')[0] ?? '');
const uidsOf = (ics: string) => [...ics.matchAll(/^UID:(.+)$/gm)].map((m) => m[1]?.trim());

describe('calendar files and private feeds', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let host: TestAccount;
  let student: TestAccount;
  let other: TestAccount;
  let org: { id: string };

  const feedPath = async (who: TestAccount) => {
    const response = await stack.read('/api/calendar/subscription', who.token);
    expect(response.status).toBe(200);
    return calendarSubscriptionSchema.parse(response.body).path;
  };
  const text = (response: { text: string }) => response.text;

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'calendar' });
    f = createFixtures(stack);
    admin = await stack.registerUser(ADMIN);
    host = await f.user('cal-host');
    student = await f.user('cal-student');
    other = await f.user('cal-other');
    org = await f.organization(host, { name: 'Calendar Club', admin });
  });
  afterAll(async () => {
    await stack.stop();
  });

  it("'Add to calendar' gives one event in UTC with a stable UID; hidden ones are 404", async () => {
    const id = await f.opportunity(
      host,
      org.id,
      {
        name: 'River clean-up',
        date: '2026-03-10',
        time: '10:00',
        duration: 90,
        address: '1 Main St',
      },
      admin,
    );
    const response = await stack.read(`/api/opps/${id}/calendar`, student.token);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.headers['content-disposition']).toContain('River-clean-up.ics');
    const [event] = eventsOf(text(response));
    // 10:00 Eastern on 2026-03-10 (EDT from 03-08) is 14:00 UTC; 90 minutes long.
    expect(event).toContain('DTSTART:20260310T140000Z');
    expect(event).toContain('DTEND:20260310T153000Z');
    expect(event).toContain('SUMMARY:River clean-up');
    expect(event).toContain('LOCATION:1 Main St');
    expect(uidsOf(text(response))).toEqual([`${id}@university.edu`]);
    expect(text(response)).toContain('X-WR-TIMEZONE:America/New_York');

    const unapproved = await f.opportunity(host, org.id, { name: 'Draft' });
    expect((await stack.read(`/api/opps/${unapproved}/calendar`, student.token)).status).toBe(404);
    expect((await stack.read(`/api/opps/${id}/calendar`, null)).status).toBe(401);
  });

  it('the feed lists the registered opportunities by their UIDs, without a bearer token', async () => {
    const first = await f.opportunity(
      host,
      org.id,
      { name: 'Feed one', date: '2026-03-11' },
      admin,
    );
    const second = await f.opportunity(
      host,
      org.id,
      { name: 'Feed two', date: '2026-03-12' },
      admin,
    );
    const left = await f.opportunity(
      host,
      org.id,
      { name: 'Feed left', date: '2026-03-13' },
      admin,
    );
    await f.signUp(student, first);
    await f.signUp(student, second);
    await f.signUp(student, left);
    await f.unregister(student, left);
    await f.signUp(other, left);

    const path = await feedPath(student);
    expect(path).toMatch(/^\/api\/calendar\/feeds\//);
    const feed = await stack.read(path, null);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    expect(uidsOf(text(feed))).toEqual([`${first}@university.edu`, `${second}@university.edu`]);
    // The same link twice: the same events (apps update, not duplicate).
    expect(uidsOf(text(await stack.read(path, null)))).toEqual(uidsOf(text(feed)));
    expect(await feedPath(student)).toBe(path);
    expect(await feedPath(other)).not.toBe(path);
  });

  it('a reset link replaces the old one; forged links are 404', async () => {
    const old = await feedPath(student);
    const reset = await stack.command('post', '/api/calendar/subscription/reset', student.token);
    expect(reset.status).toBe(200);
    const fresh = await feedPath(student);
    expect(fresh).not.toBe(old);
    expect((await stack.read(old, null)).status).toBe(404);
    expect((await stack.read(fresh, null)).status).toBe(200);

    const forged = fresh.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await stack.read(forged, null)).status).toBe(404);
    const otherUser = fresh.replace(student.userId, other.userId);
    expect((await stack.read(otherUser, null)).status).toBe(404);
    expect((await stack.read('/api/calendar/feeds/nonsense', null)).status).toBe(404);
  });
});
