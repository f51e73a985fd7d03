import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaderboardAsOfSchema, leaderboardSchema } from '@campus/contracts';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'asof-admin@university.edu';

describe('GET /api/leaderboard/as-of: the boards as they stood at the end of an Eastern day', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let a: TestAccount;
  let b: TestAccount;
  let c: TestAccount;
  let club: { id: string };
  let team: { id: string };

  const asOf = async (query: string) => {
    const response = await stack.read(`/api/leaderboard/as-of?${query}`, a.token);
    expect(response.status, response.text).toBe(200);
    return leaderboardAsOfSchema.parse(response.body);
  };
  const entries = (board: { entries: { id: string; rank: number; points: number }[] }) =>
    board.entries.map((e) => [e.id, e.rank, e.points]);

  beforeAll(async () => {
    stack = await startTestStack({ config: { ADMIN_EMAILS: [ADMIN] }, label: 'as-of' });
    f = createFixtures(stack);
    stack.clock.set('2026-03-01T15:00:00.000Z');
    admin = await stack.registerUser(ADMIN, { first: 'Ada', last: 'Admin' });
    a = await f.user('a', { first: 'Amy', last: 'A' });
    b = await f.user('b', { first: 'Ben', last: 'B' });
    c = await f.user('c', { first: 'Cal', last: 'C' });
    club = await f.organization(admin, { name: 'Running Club', type: 'Sports Team', admin });
    team = await f.organization(admin, { name: 'Film Society', type: 'Cultural', admin });
    await f.join(a, club.id);
    await f.join(b, team.id);
    const early = await f.opportunity(admin, club.id, { date: '2026-03-20', duration: 60 });
    // 20:00 Eastern on March 31 is April 1 in UTC.
    const evening = await f.opportunity(admin, club.id, {
      date: '2026-03-31',
      time: '20:00',
      duration: 90,
    });
    const morning = await f.opportunity(admin, team.id, { date: '2026-03-31', duration: 30 });
    for (const [who, opportunity] of [
      [a, early],
      [b, early],
      [a, evening],
      [b, morning],
      [c, morning],
    ] as const) {
      stack.clock.advance(1_000);
      await f.signUp(who, opportunity);
    }
    stack.clock.set('2026-03-20T16:00:00.000Z');
    await f.markAttendance(admin, early, [a, b], 60);
    // 22:30 Eastern on March 31: recorded by the end of that day.
    stack.clock.set('2026-04-01T02:30:00.000Z');
    await f.markAttendance(admin, evening, [a], 90);
    // 01:00 Eastern on April 1: a March opportunity, recorded after the month ended.
    stack.clock.set('2026-04-01T05:00:00.000Z');
    await f.markAttendance(admin, morning, [b, c], 30);
    stack.clock.set('2026-04-02T15:00:00.000Z');
    await f.leave(a, club.id);
    await f.join(a, team.id);
  });
  afterAll(async () => {
    await stack.stop();
  });

  it('shows the monthly board at the month-end, without points recorded afterwards', async () => {
    const march = await asOf('date=2026-03-31');
    expect(march).toMatchObject({
      date: '2026-03-31',
      period: 'monthly',
      board: 'individuals',
      month: '2026-03',
      window_start: '2026-03-01',
      // The end of March 31 in Eastern (daylight) time.
      as_of: '2026-04-01T04:00:00.000Z',
    });
    // Amy: 60 + 5 (first signup) + 90 + 5; Ben: 60. Cal's and Ben's April-1 lines are not in yet.
    expect(entries(march)).toEqual([
      [a.userId, 1, 160],
      [b.userId, 2, 60],
    ]);
    expect(march.entries[0]?.name).toBe('Amy A');

    // Today's March board includes the lines recorded on April 1.
    const live = leaderboardSchema.parse(
      (await stack.read('/api/leaderboard?period=monthly&month=2026-03', a.token)).body,
    );
    expect(live.entries.filter((e) => e.points > 0).map((e) => [e.id, e.rank, e.points])).toEqual([
      [a.userId, 1, 160],
      [b.userId, 2, 95],
      [c.userId, 3, 30],
    ]);

    expect(entries(await asOf('date=2026-03-20'))).toEqual([
      [a.userId, 1, 65],
      [b.userId, 2, 60],
    ]);
    // April 1 opens April's board, which has no lines yet.
    expect(await asOf('date=2026-04-01')).toMatchObject({ month: '2026-04', entries: [] });
  });

  it('lists everyone registered by then on the all-time board, ties sharing a rank', async () => {
    const april = await asOf('date=2026-04-01&period=all');
    expect(april.month).toBeNull();
    expect(entries(april)).toEqual([
      [a.userId, 1, 160],
      [b.userId, 2, 95],
      [c.userId, 3, 30],
      [admin.userId, 4, 0],
    ]);
    const march = await asOf('date=2026-03-31&period=all');
    expect(march.entries.find((e) => e.id === c.userId)).toMatchObject({ rank: 3, points: 0 });
    expect(march.entries.find((e) => e.id === admin.userId)).toMatchObject({ rank: 3, points: 0 });
    expect((await asOf('date=2026-02-28&period=all')).entries).toEqual([]);
  });

  it('sums the members of that day on organization boards', async () => {
    const march = await asOf('date=2026-03-31&board=organizations');
    expect(march.entries.map((e) => [e.name, e.rank, e.points, e.type])).toEqual([
      ['Running Club', 1, 160, 'Sports Team'],
      ['Film Society', 2, 60, 'Cultural'],
    ]);
    expect(entries(await asOf('date=2026-03-31&board=sports-team'))).toEqual([[club.id, 1, 160]]);
    // Amy moved to the Film Society on April 2: her points moved with her.
    expect(entries(await asOf('date=2026-04-05&period=all&board=organizations'))).toEqual([
      [team.id, 1, 255],
      [club.id, 2, 0],
    ]);
    expect(entries(await asOf('date=2026-04-01&period=all&board=organizations'))).toEqual([
      [club.id, 1, 160],
      [team.id, 2, 95],
    ]);
  });

  it('refuses a malformed date or board, and anonymous callers', async () => {
    expect((await stack.read('/api/leaderboard/as-of?date=2026-02-30', a.token)).status).toBe(400);
    expect(
      (await stack.read('/api/leaderboard/as-of?date=2026-03-31&board=chess', a.token)).status,
    ).toBe(400);
    expect((await stack.read('/api/leaderboard/as-of?date=2026-03-31', null)).status).toBe(401);
  });
});
