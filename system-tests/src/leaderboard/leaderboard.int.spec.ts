import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  leaderboardSchema,
  monthlyPointsSchema,
  organizationDetailSchema,
  pointsHistorySchema,
  UNKNOWN_RANK,
  userProfileSchema,
} from '@campus/contracts';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'board-admin@university.edu';

describe('leaderboards, monthly points and the point ledger over HTTP', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let host: TestAccount;
  let a: TestAccount;
  let b: TestAccount;
  let c: TestAccount;
  let d: TestAccount;
  let e: TestAccount;
  let club: { id: string };
  let team: { id: string };
  let culture: { id: string };
  let october: string;

  const board = async (account: TestAccount, query: string) => {
    const response = await stack.read(`/api/leaderboard${query}`, account.token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const parsed = leaderboardSchema.parse(response.body);
    // Exactly the contract's fields: nothing the schema would strip, nothing it lacks.
    expect(response.body).toStrictEqual(parsed);
    return parsed;
  };
  /** [id, rank, points] of the entries with points; ties (any order on the board) by id. */
  const ranks = (lb: { entries: { id: string; rank: number; points: number }[] }) =>
    lb.entries
      .filter((x) => x.points > 0)
      .sort((x, y) => x.rank - y.rank || x.id.localeCompare(y.id))
      .map((x) => [x.id, x.rank, x.points]);
  const byId = (x: TestAccount, y: TestAccount) => x.userId.localeCompare(y.userId);

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'boards' });
    f = createFixtures(stack);
    stack.clock.set('2025-09-17T12:00:00.000Z');
    admin = await stack.registerUser(ADMIN, { first: 'Ada', last: 'Admin' });
    host = await f.user('host', { first: 'Hal', last: 'Host' });
    a = await f.user('a', { first: 'Amy', last: 'A' });
    b = await f.user('b', { first: 'Ben', last: 'B' });
    c = await f.user('c', { first: 'Cal', last: 'C' });
    d = await f.user('d', { first: 'Dee', last: 'D' });
    e = await f.user('e', { first: 'Eve', last: 'E' });
    club = await f.organization(host, { name: 'Running Club', type: 'Sports Team', admin });
    team = await f.organization(c, { name: 'Rowing Team', type: 'Sports Team', admin });
    culture = await f.organization(d, { name: 'Film Society', type: 'Cultural', admin });
    await f.join(a, club.id);
    await f.join(b, club.id);
    await f.join(d, team.id);

    const first = await f.opportunity(admin, club.id, { date: '2025-09-20', duration: 60 });
    const second = await f.opportunity(admin, club.id, { date: '2025-09-21', duration: 30 });
    // 23:00 Eastern on Oct 31 is already November 1st in UTC: its points count in October.
    october = await f.opportunity(admin, club.id, {
      date: '2025-10-31',
      time: '23:00',
      duration: 45,
    });
    for (const [who, opportunity] of [
      [d, first],
      [a, first],
      [b, first],
      [c, first],
      [a, second],
      [d, second],
      [b, october],
    ] as const) {
      stack.clock.advance(1_000);
      await f.signUp(who, opportunity);
    }
    stack.clock.set('2025-09-21T15:00:00.000Z');
    // d signed up first but is absent: no bonus. a is the first signup of `second`: +5.
    await f.markAttendance(admin, first, [a, b, c], 60);
    await f.markAttendance(admin, second, [a, d], 30);
    await f.requestFriend(a, b);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('ranks with ties shared (1, 2, 2, 4) and 999 for a caller not on the board', async () => {
    const monthly = await board(e, '');
    expect(monthly).toMatchObject({
      period: 'monthly',
      board: 'individuals',
      month: '2025-09',
      window_start: '2025-09-16',
    });
    expect(ranks(monthly)).toEqual([
      [a.userId, 1, 95],
      ...[b, c].sort(byId).map((x) => [x.userId, 2, 60]),
      [d.userId, 4, 30],
    ]);
    expect(monthly.entries).toHaveLength(4);
    expect(monthly.me).toEqual({ rank: UNKNOWN_RANK, points: 0 });
    expect((await board(c, '')).me).toEqual({ rank: 2, points: 60 });

    const allTime = await board(a, '?period=all');
    expect(allTime.month).toBeNull();
    expect(ranks(allTime)).toEqual(ranks(monthly));
    expect(allTime.me).toEqual({ rank: 1, points: 95 });
    // Everyone registered is on the all-time board; those without points share 5th place.
    expect(allTime.entries.find((x) => x.id === e.userId)?.rank).toBe(5);
    expect(allTime.entries.find((x) => x.id === b.userId)).toMatchObject({
      name: 'Ben B',
      friendship_status: 'sent',
    });
    expect(allTime.entries.find((x) => x.id === a.userId)?.friendship_status).toBeNull();
    expect((await board(a, '?period=all&limit=2')).entries.map((x) => x.rank)).toEqual([1, 2]);
  });

  it('answers a repeated read from memory, and the caller’s new friendship as soon as it is visible', async () => {
    const statusOf = async () =>
      (await board(d, '?period=all')).entries.find((x) => x.id === e.userId)?.friendship_status;
    expect(await statusOf()).toBe('add');
    expect(await statusOf()).toBe('add');
    await f.requestFriend(d, e);
    expect(await statusOf()).toBe('sent');
    await f.acceptFriend(e, d);
    expect(await statusOf()).toBe('friends');
    expect((await board(e, '?period=all')).entries.find((x) => x.id === d.userId)).toMatchObject({
      friendship_status: 'friends',
    });
  });

  it('ranks organizations by their members’ points, with the caller’s membership per row', async () => {
    const all = await board(a, '?period=all&board=organizations');
    expect(all.entries.map((x) => [x.name, x.rank, x.points, x.is_member])).toEqual([
      ['Running Club', 1, 155, true],
      ['Rowing Team', 2, 90, false],
      ['Film Society', 3, 30, false],
    ]);
    const sports = await board(host, '?board=sports-team');
    expect(sports.entries.map((x) => [x.id, x.rank, x.type, x.is_host])).toEqual([
      [club.id, 1, 'Sports Team', true],
      [team.id, 2, 'Sports Team', false],
    ]);

    const detail = organizationDetailSchema.parse(
      (await stack.read(`/api/orgs/${team.id}`, a.token)).body,
    );
    expect(detail).toMatchObject({
      total_points: 90,
      monthly_points: 90,
      rank: 2,
      month: '2025-09',
    });
    expect(detail.members.map((m) => m.name)).toEqual(['Cal C', 'Dee D']);
    const film = organizationDetailSchema.parse(
      (await stack.read(`/api/orgs/${culture.id}`, a.token)).body,
    );
    expect([film.rank, film.monthly_rank, film.total_points]).toEqual([1, 1, 30]);
  });

  it('sums the ledger from a date to now (GET /api/monthly-points)', async () => {
    const sums = async (date: string) =>
      monthlyPointsSchema.parse(
        (await stack.read(`/api/monthly-points?date=${date}`, e.token)).body,
      );
    expect(await sums('2025-09-16')).toEqual([
      { id: a.userId, points: 95 },
      ...[
        { id: b.userId, points: 60 },
        { id: c.userId, points: 60 },
      ].sort((x, y) => x.id.localeCompare(y.id)),
      { id: d.userId, points: 30 },
    ]);
    expect(await sums('2025-09-21')).toEqual([
      { id: a.userId, points: 35 },
      { id: d.userId, points: 30 },
    ]);
    // Nothing counts before the launch date.
    expect(await sums('2025-09-01')).toEqual(await sums('2025-09-16'));
    const bad = await stack.read('/api/monthly-points?date=2025-02-30', e.token);
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('date');
    const missing = await stack.read('/api/monthly-points', e.token);
    expect(missing.status).toBe(400);
  });

  it('keeps a points history whose sum equals each user’s points, for the owner and admins', async () => {
    const history = pointsHistorySchema.parse(
      (await stack.read(`/api/users/${a.userId}/points-history`, a.token)).body,
    );
    expect(history.entries.map((x) => [x.reason, x.change, x.running_total])).toEqual([
      ['first_signup_bonus', 5, 95],
      ['attendance', 30, 90],
      ['attendance', 60, 60],
    ]);
    expect(history.entries.at(-1)).toMatchObject({
      opportunity_date: '2025-09-20',
      actor_id: admin.userId,
      actor_name: 'Ada Admin',
    });
    expect(history.entries.at(-1)?.opportunity_name).toMatch(/^Opportunity /);
    for (const user of [a, b, c, d, e, host]) {
      const profile = userProfileSchema.parse(
        (await stack.read(`/api/users/${user.userId}`, admin.token)).body,
      );
      const ledger = pointsHistorySchema.parse(
        (await stack.read(`/api/users/${user.userId}/points-history`, admin.token)).body,
      );
      const sum = ledger.entries.reduce((total, x) => total + x.change, 0);
      expect(sum, user.email).toBe(profile.points);
      expect(ledger.points).toBe(profile.points);
    }
    const asOther = await stack.read(`/api/users/${a.userId}/points-history`, b.token);
    expect(asOther.status).toBe(403);
    const unknown = await stack.read(
      '/api/users/00000000-0000-4000-8000-000000000000/points-history',
      admin.token,
    );
    expect(unknown.status).toBe(404);
  });

  it('switches the monthly window at midnight Eastern on October 1st (from 2025-09-16 before)', async () => {
    stack.clock.set('2025-10-01T03:59:00.000Z'); // 23:59 Eastern (EDT) on Sept 30
    expect(await board(a, '')).toMatchObject({ month: '2025-09', window_start: '2025-09-16' });
    stack.clock.set('2025-10-01T04:01:00.000Z'); // 00:01 Eastern on Oct 1
    const october1 = await board(a, '');
    expect(october1).toMatchObject({ month: '2025-10', window_start: '2025-10-01' });
    expect(october1.entries).toEqual([]);
    expect(october1.me).toEqual({ rank: UNKNOWN_RANK, points: 0 });
    const september = await board(a, '?month=2025-09');
    expect(september.window_start).toBe('2025-09-16');
    expect(ranks(september)[0]).toEqual([a.userId, 1, 95]);
  });

  it('counts points in the Eastern month of the opportunity date', async () => {
    stack.clock.set('2025-11-01T03:30:00.000Z'); // 23:30 Eastern on Oct 31, UTC already November
    // b is its only (so first) signup: 45 minutes and the +5 bonus.
    await f.markAttendance(admin, october, [b], 45);
    const now = await board(b, '');
    expect(now.month).toBe('2025-10');
    expect(ranks(now)).toEqual([[b.userId, 1, 50]]);
    expect(now.me).toEqual({ rank: 1, points: 50 });

    stack.clock.set('2025-11-01T04:30:00.000Z'); // 00:30 Eastern on Nov 1
    const november = await board(b, '');
    expect(november.month).toBe('2025-11');
    expect(november.entries).toEqual([]);
    expect(november.me.rank).toBe(UNKNOWN_RANK);
    expect(ranks(await board(b, '?month=2025-10'))).toEqual([[b.userId, 1, 50]]);
    expect((await board(b, '?period=all')).me).toEqual({ rank: 1, points: 110 });
  });

  it('answers 400 naming bad parameters, and 401 without a token', async () => {
    const bad = await stack.read(
      '/api/leaderboard?period=weekly&board=chess&month=2025-13&limit=0',
      a.token,
    );
    expect(bad.status).toBe(400);
    expect((bad.body.errors as { field: string }[]).map((x) => x.field).sort()).toEqual([
      'board',
      'limit',
      'month',
      'period',
    ]);
    expect((await request(stack.queryApp).get('/api/leaderboard')).status).toBe(401);
  });
});
