import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  attendanceListSchema,
  isFullSchema,
  myOpportunitiesSchema,
  opportunityCardItemSchema,
  opportunityCountSchema,
  opportunityCursorOf,
  opportunityDetailSchema,
  opportunityListSchema,
  texts,
  type OpportunityListItem,
} from '@campus/contracts';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'opps-admin@university.edu';
// The stack's clock: Monday 2026-03-02, 10:00 Eastern (EST, UTC-5).
const T0 = '2026-03-02T15:00:00.000Z';

describe('opportunity reads over HTTP', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let host: TestAccount;
  let member: TestAccount;
  let outsider: TestAccount;
  let bystander: TestAccount;
  let green: { id: string };
  const opp: Record<string, string> = {};

  const list = async (account: TestAccount, query = '') => {
    const response = await stack.read(`/api/opps${query}`, account.token);
    expect(response.status).toBe(200);
    return opportunityListSchema.parse(response.body);
  };
  const ids = (items: readonly OpportunityListItem[]) => items.map((i) => i.id);

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'opps' });
    f = createFixtures(stack);
    admin = await stack.registerUser(ADMIN, { first: 'Ada', last: 'Admin' });
    host = await f.user('host', { first: 'Hal', last: 'Host', phone: '5550001111' });
    member = await f.user('member', { first: 'Mia', last: 'Member', phone: '5550002222' });
    outsider = await f.user('outsider', { first: 'Otto', last: 'Outsider', phone: '5550003333' });
    bystander = await f.user('bystander', { first: 'Bea', last: 'Bystander' });
    green = await f.organization(host, { name: 'Green Club', admin });
    await f.join(member, green.id);

    // No start is created in the past: the earlier ones are created a week before the clock.
    stack.clock.set('2026-02-23T15:00:00.000Z');
    opp['past'] = await f.opportunity(
      host,
      green.id,
      { name: 'Yesterday', date: '2026-03-01' },
      admin,
    );
    opp['earlyToday'] = await f.opportunity(
      host,
      green.id,
      { name: 'Sunrise walk', date: '2026-03-02', time: '08:00' },
      admin,
    );
    stack.clock.set(T0);
    // 23:30 Eastern is already 2026-03-03 in UTC: still today's event.
    opp['lateToday'] = await f.opportunity(
      host,
      green.id,
      { name: 'Night shelter', date: '2026-03-02', time: '23:30', causes: ['Homelessness Relief'] },
      admin,
    );
    opp['public'] = await f.opportunity(
      host,
      green.id,
      { name: 'Park clean-up', nonprofit: 'Green Earth Trust', date: '2026-03-10', total_slots: 3 },
      admin,
    );
    opp['private'] = await f.opportunity(
      host,
      green.id,
      {
        name: 'Secret tutoring',
        description: 'Members only',
        date: '2026-03-05',
        causes: ['Education'],
        visibility: [green.id],
      },
      admin,
    );
    opp['unapproved'] = await f.opportunity(host, green.id, {
      name: 'Pending',
      date: '2026-03-06',
    });
    opp['full'] = await f.opportunity(
      host,
      green.id,
      { name: 'Tiny event', date: '2026-03-07', total_slots: 1 },
      admin,
    );
    await f.signUp(bystander, opp['full']);
    await f.signUp(member, opp['public']);
    await f.signUp(outsider, opp['public']);
  });
  afterAll(async () => {
    await stack.stop();
  });
  afterEach(() => {
    stack.clock.set(T0);
  });

  describe('GET /api/opps (the Events list)', () => {
    it('lists approved events dated today or later in Eastern time, soonest first', async () => {
      const items = await list(member);
      expect(ids(items)).toEqual([
        opp['earlyToday'],
        opp['lateToday'],
        opp['private'],
        opp['full'],
        opp['public'],
      ]);
      const starts = items.map((i) => Date.parse(i.starts_at));
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      const park = items.find((i) => i.id === opp['public']);
      expect(park).toMatchObject({
        name: 'Park clean-up',
        date: '2026-03-10',
        time: '10:00',
        starts_at: '2026-03-10T14:00:00.000Z',
        points: 60,
        duration: 60,
        isPrivate: false,
        host_user_name: 'Hal Host',
        host_org_name: 'Green Club',
        registered_count: 2,
        slots_left: 1,
        is_registered: true,
        is_host: false,
      });
    });

    it('moves with the clock: at 00:30 Eastern the next day, yesterday is gone', async () => {
      stack.clock.set('2026-03-03T05:30:00.000Z');
      const items = await list(member);
      expect(ids(items)).not.toContain(opp['earlyToday']);
      expect(ids(items)).not.toContain(opp['lateToday']);
      expect(ids(items)[0]).toBe(opp['private']);
    });

    it('hides a private opportunity from non-members, also through its filters', async () => {
      expect(ids(await list(outsider))).not.toContain(opp['private']);
      expect(await list(outsider, '?q=secret')).toEqual([]);
      expect(await list(outsider, '?cause=Education')).toEqual([]);
      expect(ids(await list(member, '?q=secret'))).toEqual([opp['private']]);
      expect(ids(await list(host))).toContain(opp['private']);
      const asAdmin = await list(admin);
      expect(ids(asAdmin)).toContain(opp['private']);
      expect(asAdmin.find((i) => i.id === opp['private'])?.isPrivate).toBe(true);
      expect(ids(asAdmin)).not.toContain(opp['unapproved']);
    });

    it('filters by text (name, description, nonprofit; case-insensitive), cause, dates and open slots', async () => {
      expect(ids(await list(member, '?q=green%20EARTH'))).toEqual([opp['public']]);
      expect(ids(await list(member, '?q=members%20ONLY'))).toEqual([opp['private']]);
      expect(ids(await list(member, '?q=100%25'))).toEqual([]);
      expect(ids(await list(member, '?cause=Homelessness%20Relief'))).toEqual([opp['lateToday']]);
      expect(ids(await list(member, '?from=2026-03-05&to=2026-03-07'))).toEqual([
        opp['private'],
        opp['full'],
      ]);
      expect(ids(await list(member, '?open_slots=true'))).not.toContain(opp['full']);
      expect(ids(await list(member, '?open_slots=false'))).toContain(opp['full']);
    });

    it('answers 400 naming each bad parameter, and 401 without a token', async () => {
      const bad = await stack.read(
        '/api/opps?cause=Knitting&from=2026-13-01&open_slots=maybe',
        member.token,
      );
      expect(bad.status).toBe(400);
      const fields = (bad.body.errors as { field: string }[]).map((e) => e.field).sort();
      expect(fields).toEqual(['cause', 'from', 'open_slots']);
      const reversed = await stack.read('/api/opps?from=2026-03-09&to=2026-03-01', member.token);
      expect(reversed.status).toBe(400);
      expect(reversed.body.errors[0].field).toBe('to');
      const anonymous = await request(stack.queryApp).get('/api/opps');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe(texts.auth.missingToken);
    });

    it('pages by limit and after, with the next cursor in X-Next-Cursor until the last page', async () => {
      const everything = ids(await list(member));
      const seen: string[] = [];
      let after: string | undefined;
      for (let page = 0; page < 10; page++) {
        const response = await stack.read(
          `/api/opps?limit=2${after ? `&after=${encodeURIComponent(after)}` : ''}`,
          member.token,
        );
        expect(response.status).toBe(200);
        const items = opportunityListSchema.parse(response.body);
        seen.push(...ids(items));
        after = response.headers['x-next-cursor'];
        if (!after) break;
        expect(items).toHaveLength(2);
        expect(after).toBe(opportunityCursorOf(items[1]!));
      }
      expect(seen).toEqual(everything);
      const unpaged = await stack.read('/api/opps', member.token);
      expect(unpaged.headers['x-next-cursor']).toBeUndefined();
      const filtered = await stack.read('/api/opps?limit=1&q=green%20earth', member.token);
      expect(ids(opportunityListSchema.parse(filtered.body))).toEqual([opp['public']]);
      expect(filtered.headers['x-next-cursor']).toBeUndefined();
    });

    it('answers cards without involved_users, with the same counts and relation flags', async () => {
      const full = await list(outsider);
      const response = await stack.read('/api/opps?view=cards&limit=100', outsider.token);
      expect(response.status).toBe(200);
      const cards = z.array(opportunityCardItemSchema.strict()).parse(response.body);
      expect(cards).toEqual(full.map(({ involved_users: _participants, ...card }) => card));
      const park = cards.find((c) => c.id === opp['public']);
      expect(park).toMatchObject({ attendee_count: 2, registered_count: 2, is_registered: true });
    });

    it('answers 400 naming a bad limit, after or view', async () => {
      for (const [query, field] of [
        ['limit=0', 'limit'],
        ['limit=101', 'limit'],
        ['limit=ten', 'limit'],
        ['after=yesterday', 'after'],
        [`after=2026-03-02T15:00:00.000Z_${'x'.repeat(36)}`, 'after'],
        ['view=compact', 'view'],
      ]) {
        const bad = await stack.read(`/api/opps?${String(query)}`, member.token);
        expect(bad.status, String(query)).toBe(400);
        expect((bad.body.errors as { field: string }[]).map((e) => e.field)).toEqual([field]);
      }
    });

    it("shows participants' email and phone only to themselves, the hosts of what they joined and admins", async () => {
      const contactsSeenBy = async (viewer: TestAccount) => {
        const park = (await list(viewer)).find((i) => i.id === opp['public']);
        return Object.fromEntries(
          (park?.involved_users ?? []).map((u) => [u.id, [u.email ?? null, u.phone ?? null]]),
        );
      };
      expect(await contactsSeenBy(outsider)).toEqual({
        [member.userId]: [null, null],
        [outsider.userId]: [outsider.email, '5550003333'],
      });
      expect(await contactsSeenBy(bystander)).toEqual({
        [member.userId]: [null, null],
        [outsider.userId]: [null, null],
      });
      const everyone = {
        [member.userId]: [member.email, '5550002222'],
        [outsider.userId]: [outsider.email, '5550003333'],
      };
      expect(await contactsSeenBy(host)).toEqual(everyone);
      expect(await contactsSeenBy(admin)).toEqual(everyone);
    });
  });

  describe('GET /api/opps/count (how many the Events list has)', () => {
    const count = async (account: TestAccount, filters = '') => {
      const response = await stack.read(`/api/opps/count${filters}`, account.token);
      expect(response.status, response.text).toBe(200);
      return opportunityCountSchema.parse(response.body).count;
    };
    /** Every card of the list's pages (2 a page) for the filters, as the Events screen loads them. */
    const everyPage = async (account: TestAccount, filters = '') => {
      const seen: string[] = [];
      let after: string | undefined;
      for (let page = 0; page < 20; page++) {
        const query = new URLSearchParams(filters);
        query.set('view', 'cards');
        query.set('limit', '2');
        if (after) query.set('after', after);
        const response = await stack.read(`/api/opps?${query.toString()}`, account.token);
        expect(response.status, response.text).toBe(200);
        seen.push(...(response.body as { id: string }[]).map((c) => c.id));
        after = response.headers['x-next-cursor'];
        if (!after) return seen;
      }
      throw new Error('the list did not end');
    };

    it('counts every opportunity of all the pages of the list, for the same filters and caller', async () => {
      const filterSets = [
        '',
        '?q=green%20EARTH',
        '?q=e&open_slots=true',
        '?cause=Education',
        '?from=2026-03-05&to=2026-03-07',
        '?open_slots=true',
        '?from=2026-03-02&cause=Homelessness%20Relief',
      ];
      for (const filters of filterSets) {
        for (const account of [outsider, member, host, admin]) {
          const cards = await everyPage(account, filters);
          expect(await count(account, filters), `${account.email} ${filters}`).toBe(cards.length);
        }
      }
      // More than one page of 2, and the private one counts for admins only among these two.
      const forOutsider = await count(outsider);
      expect(forOutsider).toBeGreaterThan(2);
      expect(await count(admin)).toBe(forOutsider + 1);
      expect(await count(outsider, '?q=secret')).toBe(0);
      expect(await count(admin, '?q=secret')).toBe(1);
      // Nobody counts the unapproved one: the list shows it to no one, its host included.
      expect(await count(host, '?q=pending')).toBe(0);
      expect(await count(admin, '?q=pending')).toBe(0);
    });

    it('moves with the clock as the list does', async () => {
      const before = await count(member);
      stack.clock.set('2026-03-03T05:30:00.000Z');
      expect(await count(member)).toBe(before - 2);
    });

    it('answers 400 naming each bad filter, and 401 without a token', async () => {
      const bad = await stack.read(
        '/api/opps/count?cause=Knitting&from=2026-13-01&open_slots=maybe',
        member.token,
      );
      expect(bad.status).toBe(400);
      const fields = (bad.body.errors as { field: string }[]).map((e) => e.field).sort();
      expect(fields).toEqual(['cause', 'from', 'open_slots']);
      const reversed = await stack.read(
        '/api/opps/count?from=2026-03-09&to=2026-03-01',
        member.token,
      );
      expect(reversed.status).toBe(400);
      expect((reversed.body.errors as { field: string }[]).map((e) => e.field)).toEqual(['to']);
      const anonymous = await request(stack.queryApp).get('/api/opps/count');
      expect(anonymous.status).toBe(401);
    });

    it('answers 400 naming each parameter it does not take (paging included), a long q and a repeated one', async () => {
      const fieldsOf = async (query: string) => {
        const bad = await stack.read(`/api/opps/count?${query}`, member.token);
        expect(bad.status, query).toBe(400);
        return (bad.body.errors as { field: string }[]).map((e) => e.field).sort();
      };
      expect(await fieldsOf('limit=abc&after=zzz&view=bad')).toEqual(['after', 'limit', 'view']);
      expect(await fieldsOf('limit=10')).toEqual(['limit']);
      expect(await fieldsOf('q=park&page=2')).toEqual(['page']);
      expect(await fieldsOf(`q=${'a'.repeat(101)}`)).toEqual(['q']);
      expect(await fieldsOf('q=park&q=tutoring')).toEqual(['q']);
      expect(await fieldsOf('cause=Education&cause=Education')).toEqual(['cause']);
      expect(await count(member, `?q=${'a'.repeat(100)}`)).toBe(0);
      // The list keeps taking what it took.
      const list = await stack.read('/api/opps?view=cards&limit=2&utm_source=mail', member.token);
      expect(list.status).toBe(200);
    });

    it('answers from a short cache, as the list does, until the read model moves', async () => {
      const before = await count(member, '?q=park');
      expect(before).toBeGreaterThan(0);
      // Behind the read model's back (its visible position stays): the cached answer holds.
      await stack.db.pool.query('UPDATE read.opportunities SET approved = false WHERE id = $1', [
        opp['public'],
      ]);
      try {
        expect(await count(member, '?q=park')).toBe(before);
        expect(await count(member, '?q=PARK')).toBe(before - 1);
      } finally {
        await stack.db.pool.query('UPDATE read.opportunities SET approved = true WHERE id = $1', [
          opp['public'],
        ]);
      }
    });
  });

  describe('cards: avatars and top attending organizations', () => {
    it('shows the first 10 attendees then +N, and at most 3 organizations with 2+ attendees', async () => {
      const crowd = await f.opportunity(
        host,
        green.id,
        { name: 'Crowd day', date: '2026-03-20', total_slots: 20 },
        admin,
      );
      const orgs = [];
      for (const name of ['Alpha', 'Beta', 'Delta', 'Gamma']) {
        orgs.push(await f.organization(host, { name: `${name} Society`, admin }));
      }
      const sizes = [4, 3, 2, 2];
      const people: TestAccount[] = [];
      for (let i = 0; i < 12; i++) people.push(await f.user('crowd', { first: `P${String(i)}` }));
      let next = 0;
      for (const [index, size] of sizes.entries()) {
        for (let k = 0; k < size; k++) await f.join(people[next++]!, orgs[index]!.id);
      }
      for (const person of people) {
        stack.clock.advance(1_000);
        await f.signUp(person, crowd);
      }
      const card = (await list(member)).find((i) => i.id === crowd);
      expect(card?.attendee_count).toBe(12);
      expect(card?.attendee_preview.map((a) => a.id)).toEqual(
        people.slice(0, 10).map((p) => p.userId),
      );
      expect(card?.attendee_more).toBe(2);
      expect(card?.slots_left).toBe(8);
      expect(card?.top_organizations).toEqual([
        { id: orgs[0]!.id, name: 'Alpha Society', attendee_count: 4 },
        { id: orgs[1]!.id, name: 'Beta Society', attendee_count: 3 },
        { id: orgs[2]!.id, name: 'Delta Society', attendee_count: 2 },
      ]);
    });
  });

  describe('GET /api/opps/:id/full', () => {
    it('is 404 with the exact text for a private opportunity the caller may not see, and for unknown ids', async () => {
      for (const path of [
        `/api/opps/${opp['private']!}/full`,
        `/api/opps/${opp['private']!}/is-full`,
        `/api/opps/${opp['private']!}/attendance`,
        `/api/opps/${opp['unapproved']!}/full`,
        '/api/opps/00000000-0000-4000-8000-000000000000/full',
        '/api/opps/not-an-id/full',
      ]) {
        const response = await stack.read(path, outsider.token);
        expect(response.status, path).toBe(404);
        expect(response.body.message).toBe(texts.notFound.opportunity);
      }
      const asMember = await stack.read(`/api/opps/${opp['private']!}/full`, member.token);
      expect(asMember.status).toBe(200);
      expect(opportunityDetailSchema.parse(asMember.body).isPrivate).toBe(true);
      const asAdmin = await stack.read(`/api/opps/${opp['private']!}/full`, admin.token);
      expect(asAdmin.status).toBe(200);
      const unapprovedAsHost = await stack.read(`/api/opps/${opp['unapproved']!}/full`, host.token);
      expect(opportunityDetailSchema.parse(unapprovedAsHost.body).approved).toBe(false);
    });

    it("shows the host's email to every viewer and the phone only to registered participants", async () => {
      const registered = opportunityDetailSchema.parse(
        (await stack.read(`/api/opps/${opp['public']!}/full`, outsider.token)).body,
      );
      expect(registered.host).toEqual({
        id: host.userId,
        name: 'Hal Host',
        profile_image: null,
        email: host.email,
        phone: '5550001111',
      });
      expect(registered.is_registered).toBe(true);
      const notRegistered = opportunityDetailSchema.parse(
        (await stack.read(`/api/opps/${opp['public']!}/full`, bystander.token)).body,
      );
      expect(notRegistered.host.email).toBe(host.email);
      expect(notRegistered.host).not.toHaveProperty('phone');
      expect(notRegistered.is_registered).toBe(false);
    });

    it('lists announcements newest first, also as comments', async () => {
      const id = await f.opportunity(
        host,
        green.id,
        { name: 'Announced', date: '2026-03-12' },
        admin,
      );
      await f.announce(host, id, 'First: bring gloves');
      stack.clock.advance(60_000);
      await f.announce(host, id, 'Second: meet at the gate');
      const detail = opportunityDetailSchema.parse(
        (await stack.read(`/api/opps/${id}/full`, member.token)).body,
      );
      expect(detail.comments).toEqual(['Second: meet at the gate', 'First: bring gloves']);
      expect(detail.announcements.map((a) => a.text)).toEqual(detail.comments);
      const [second, first] = detail.announcements;
      expect(Date.parse(second!.posted_at) - Date.parse(first!.posted_at)).toBe(60_000);
      expect(second!.posted_at).toBe(new Date(second!.posted_at).toISOString());
    });

    it('answers, for each viewer, the list item of the same opportunity with the detail beside', async () => {
      // The detail is one statement, the list three: both must say the same of the opportunity.
      const id = await f.opportunity(
        host,
        green.id,
        { name: 'Parity day', date: '2026-03-21', total_slots: 5 },
        admin,
      );
      await f.announce(host, id, 'Gloves are provided');
      for (const person of [member, outsider, bystander]) {
        stack.clock.advance(1_000);
        await f.signUp(person, id);
      }
      for (const viewer of [member, outsider, bystander, host, admin]) {
        const item = (await list(viewer, '?q=parity')).find((i) => i.id === id);
        expect(item, viewer.email).toBeDefined();
        const detail = opportunityDetailSchema.parse(
          (await stack.read(`/api/opps/${id}/full`, viewer.token)).body,
        );
        const { announcements, host: contact, attended, earned_points, ...asItem } = detail;
        expect(asItem, viewer.email).toEqual(item);
        expect(announcements.map((a) => a.text)).toEqual(['Gloves are provided']);
        expect(contact.id).toBe(host.userId);
        expect([attended, earned_points]).toEqual([null, null]);
      }
    });
  });

  describe('attendance and is-full', () => {
    it('gives the host and admins the attendance list, with flags once marked', async () => {
      const id = await f.opportunity(
        host,
        green.id,
        { name: 'Tomorrow', date: '2026-03-03', time: '10:00' },
        admin,
      );
      await f.signUp(member, id);
      stack.clock.advance(1_000);
      await f.signUp(outsider, id);
      const before = await stack.read(`/api/opps/${id}/attendance`, host.token);
      expect(before.status).toBe(200);
      expect(attendanceListSchema.parse(before.body)).toEqual([
        { user_id: member.userId, name: 'Mia Member', profile_image: null, attended: false },
        { user_id: outsider.userId, name: 'Otto Outsider', profile_image: null, attended: false },
      ]);
      const asStudent = await stack.read(`/api/opps/${id}/attendance`, member.token);
      expect(asStudent.status).toBe(403);

      stack.clock.set('2026-03-03T16:30:00.000Z');
      await f.markAttendance(host, id, [member], 60);
      const after = attendanceListSchema.parse(
        (await stack.read(`/api/opps/${id}/attendance`, admin.token)).body,
      );
      expect(after.map((u) => [u.user_id, u.attended])).toEqual([
        [member.userId, true],
        [outsider.userId, false],
      ]);
      const detail = opportunityDetailSchema.parse(
        (await stack.read(`/api/opps/${id}/full`, member.token)).body,
      );
      expect(detail.attendance_marked).toBe(true);
      expect(detail.attended).toBe(true);
      expect(detail.involved_users.map((u) => [u.id, u.registered, u.attended])).toEqual([
        [member.userId, true, true],
        [outsider.userId, true, false],
      ]);
    });

    it('gives each participant the points the ledger credited: the minutes the host submitted, not the bonus', async () => {
      const id = await f.opportunity(
        host,
        green.id,
        { name: 'Short shift', date: '2026-03-04', time: '10:00', duration: 60 },
        admin,
      );
      const early = await f.user('early', { first: 'Ed', last: 'Early' });
      const absent = await f.user('absent', { first: 'Abe', last: 'Absent' });
      await f.signUp(early, id);
      stack.clock.advance(1_000);
      await f.signUp(absent, id);
      const detailOf = async (account: TestAccount) =>
        opportunityDetailSchema.parse(
          (await stack.read(`/api/opps/${id}/full`, account.token)).body,
        );
      const myItemOf = async (account: TestAccount) => {
        const mine = myOpportunitiesSchema.parse(
          (await stack.read('/api/my-opportunities', account.token)).body,
        );
        return [...mine.registered.upcoming, ...mine.registered.past].find((i) => i.id === id);
      };
      expect((await detailOf(early)).earned_points).toBeNull();
      expect((await myItemOf(early))?.earned_points).toBeNull();

      // The host submits 45 minutes for the 60 scheduled; Ed also earns the +5 first-signup bonus.
      stack.clock.set('2026-03-04T17:00:00.000Z');
      await f.markAttendance(host, id, [early], 45);
      const detail = await detailOf(early);
      expect(detail.points).toBe(60);
      expect(detail.attended).toBe(true);
      expect(detail.earned_points).toBe(45);
      expect(await myItemOf(early)).toMatchObject({ points: 60, earned_points: 45 });
      const profile = await stack.read(`/api/users/${early.userId}`, early.token);
      expect((profile.body as { points: number }).points).toBe(50);

      expect((await detailOf(absent)).earned_points).toBeNull();
      expect((await myItemOf(absent))?.earned_points).toBeNull();
      // Neither the host nor another viewer earned anything here.
      expect((await detailOf(host)).earned_points).toBeNull();
      expect((await detailOf(bystander)).earned_points).toBeNull();
    });

    it('answers is_full from the registered count', async () => {
      const full = await stack.read(`/api/opps/${opp['full']!}/is-full`, member.token);
      expect(isFullSchema.parse(full.body)).toEqual({ is_full: true, slots_left: 0 });
      const open = await stack.read(`/api/opps/${opp['public']!}/is-full`, member.token);
      expect(isFullSchema.parse(open.body)).toEqual({ is_full: false, slots_left: 1 });
    });
  });

  describe('GET /api/opps/unapproved', () => {
    it('is for admins only', async () => {
      const asAdmin = await stack.read('/api/opps/unapproved', admin.token);
      expect(asAdmin.status).toBe(200);
      const items = opportunityListSchema.parse(asAdmin.body);
      expect(ids(items)).toEqual([opp['unapproved']]);
      expect(items[0]?.approved).toBe(false);
      const asStudent = await stack.read('/api/opps/unapproved', host.token);
      expect(asStudent.status).toBe(403);
    });
  });

  describe('GET /api/my-opportunities', () => {
    it('splits hosting and registered into upcoming and past, and gives admins everything', async () => {
      stack.clock.set('2026-02-20T15:00:00.000Z');
      const past = await f.opportunity(
        host,
        green.id,
        { name: 'Last week', date: '2026-02-23' },
        admin,
      );
      await f.signUp(member, past);
      stack.clock.set(T0);

      const mine = myOpportunitiesSchema.parse(
        (await stack.read('/api/my-opportunities', member.token)).body,
      );
      expect(mine.hosting).toEqual({ upcoming: [], past: [] });
      expect(ids(mine.registered.upcoming)).toContain(opp['public']);
      expect(ids(mine.registered.past)).toEqual([past]);
      expect(mine.all).toBeNull();

      const hosting = myOpportunitiesSchema.parse(
        (await stack.read('/api/my-opportunities', host.token)).body,
      );
      expect(ids(hosting.hosting.upcoming).slice(0, 2)).toEqual([
        opp['earlyToday'],
        opp['lateToday'],
      ]);
      expect(ids(hosting.hosting.upcoming)).toContain(opp['unapproved']);
      expect(ids(hosting.hosting.past)).toEqual([opp['past'], past]);
      expect(hosting.registered.upcoming).toEqual([]);

      const asAdmin = myOpportunitiesSchema.parse(
        (await stack.read('/api/my-opportunities', admin.token)).body,
      );
      expect(ids(asAdmin.all?.upcoming ?? [])).toEqual(
        expect.arrayContaining([opp['private'], opp['unapproved']]),
      );
      expect(ids(asAdmin.all?.past ?? [])).toEqual([opp['past'], past]);
    });
  });
});
