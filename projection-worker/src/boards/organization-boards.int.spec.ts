import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_RANK } from '@campus/contracts';
import {
  attendanceMarked,
  memberJoined,
  memberLeft,
  opportunityCreated,
  organizationApproval,
  organizationCreated,
  organizationDeleted,
  organizationUpdated,
  userRegistered,
} from '../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../testing/harness';
import { rebuildBoards } from './rebuild-boards';
import {
  individualsBoard,
  organizationsBoard,
  organizationTypeBoard,
  rankOnBoard,
  type BoardPeriod,
} from '@campus/infra';

describe('organization boards follow memberships; a rebuild gives the same boards', () => {
  let h: ProjectionHarness;
  let host = '';
  let ann = '';
  let bob = '';
  let sports = '';
  let cultural = '';
  let pending = '';

  const orgs = (period: BoardPeriod) => h.board(organizationsBoard(h.prefix, period));
  const sportsBoard = (period: BoardPeriod) =>
    h.board(organizationTypeBoard(h.prefix, 'Sports Team', period));
  const culturalBoard = (period: BoardPeriod) =>
    h.board(organizationTypeBoard(h.prefix, 'Cultural', period));

  const earn = (userId: string, date: string, minutes: number) => {
    const opportunity = opportunityCreated({ hostUserId: host, date });
    return [
      opportunity,
      attendanceMarked({
        opportunityId: opportunity.opportunityId,
        markedBy: host,
        opportunityDate: date,
        durationMinutes: minutes,
        attended: [userId],
      }),
    ];
  };

  beforeAll(async () => {
    h = await createProjectionHarness('org-boards');
    const registered = await Promise.all([0, 1, 2].map(() => userRegistered(h.vault)));
    [host = '', ann = '', bob = ''] = registered.map((r) => r.userId);
    const s = organizationCreated({ hostUserId: host, type: 'Sports Team', name: 'Rowing' });
    const c = organizationCreated({ hostUserId: host, type: 'Cultural', name: 'Dance' });
    const p = organizationCreated({ hostUserId: host, type: 'Sports Team', approved: false });
    [sports, cultural, pending] = [s.organizationId, c.organizationId, p.organizationId];
    await h.append(
      ...registered,
      s,
      c,
      p,
      ...earn(ann, '2026-03-10', 100),
      ...earn(bob, '2026-04-10', 30),
      memberJoined(sports, ann),
      memberJoined(pending, ann),
    );
    await h.project({ batchSize: 4 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('scores an organization with its members’ all-time and monthly points', async () => {
    expect(await orgs('all')).toEqual([
      [sports, 100],
      [cultural, 0],
    ]);
    expect(await sportsBoard('all')).toEqual([[sports, 100]]);
    expect(await orgs('2026-03')).toEqual([[sports, 100]]);
    expect(await orgs('2026-04')).toEqual([]);
    // Unapproved: on no board.
    expect(await rankOnBoard(h.redis, organizationsBoard(h.prefix, 'all'), pending)).toBe(
      UNKNOWN_RANK,
    );
    const { rows } = await h.pool.query<{ member_count: number }>(
      'SELECT member_count FROM read.organizations WHERE id = $1',
      [sports],
    );
    expect(rows[0]?.member_count).toBe(1);
  });

  it('moves a member’s points in on joining and out on leaving', async () => {
    await h.append(memberJoined(sports, bob), memberJoined(cultural, bob));
    await h.project();
    expect(await orgs('all')).toEqual([
      [sports, 130],
      [cultural, 30],
    ]);
    expect(Object.fromEntries(await orgs('2026-04'))).toEqual({ [cultural]: 30, [sports]: 30 });
    expect(await rankOnBoard(h.redis, organizationsBoard(h.prefix, '2026-04'), sports)).toBe(1);
    expect(await rankOnBoard(h.redis, organizationsBoard(h.prefix, '2026-04'), cultural)).toBe(1);

    await h.append(memberLeft(sports, ann), memberJoined(cultural, ann));
    await h.project();
    expect(await orgs('all')).toEqual([
      [cultural, 130],
      [sports, 30],
    ]);
    expect(await orgs('2026-03')).toEqual([[cultural, 100]]);
    expect(await culturalBoard('2026-03')).toEqual([[cultural, 100]]);
    expect(await sportsBoard('2026-03')).toEqual([]);
  });

  it('follows new points of current members into the month they count in', async () => {
    await h.append(...earn(bob, '2026-03-31', 15));
    await h.project();
    expect(await orgs('2026-03')).toEqual([
      [cultural, 115],
      [sports, 15],
    ]);
    expect(await h.board(individualsBoard(h.prefix, '2026-03'))).toEqual([
      [ann, 100],
      [bob, 15],
    ]);
  });

  it('moves a retyped organization between type boards and drops deleted ones', async () => {
    await h.append(
      organizationApproval(pending, true),
      organizationUpdated(sports, { type: 'Cultural' }),
    );
    await h.project();
    expect(await sportsBoard('all')).toEqual([[pending, 100]]);
    expect(await culturalBoard('all')).toEqual([
      [cultural, 145],
      [sports, 45],
    ]);
    expect(await sportsBoard('2026-04')).toEqual([]);
    expect(Object.fromEntries(await culturalBoard('2026-04'))).toEqual({
      [cultural]: 30,
      [sports]: 30,
    });

    await h.append(organizationDeleted(cultural), organizationApproval(pending, false));
    await h.project();
    expect(await orgs('all')).toEqual([[sports, 45]]);
    expect(await orgs('2026-03')).toEqual([[sports, 15]]);
    expect(await sportsBoard('all')).toEqual([]);
  });

  it('rebuilds exactly the incremental boards from Postgres and drops stale keys', async () => {
    const incremental = await h.allBoards();
    const stale = individualsBoard(h.prefix, '1999-01');
    await h.redis.zadd(stale, 1, 'nobody');
    await h.redis.zadd(individualsBoard(h.prefix, 'all'), 999, 'ghost');
    const result = await rebuildBoards(h.pool, h.redis, h.prefix);
    expect(await h.allBoards()).toEqual(incremental);
    expect(await h.redis.exists(stale)).toBe(0);
    expect(result.boards).toBe(Object.keys(incremental).length);
  });

  it('rebuilds boards that are missing from Redis when the worker starts', async () => {
    const before = await h.allBoards();
    await h.redis.del(individualsBoard(h.prefix, 'all'), organizationsBoard(h.prefix, 'all'));
    await h.append(memberLeft(sports, bob));
    await h.project();
    const after = await h.allBoards();
    expect(after[`board:individuals:all`]).toEqual(before[`board:individuals:all`]);
    // Bob left: the organization has no members, and stays listed with 0 on the all-time board.
    expect(after[`board:orgs:all`]).toEqual([[sports, 0]]);
  });
});
