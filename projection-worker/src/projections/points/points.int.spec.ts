import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNKNOWN_RANK } from '@campus/contracts';
import { individualsBoard, rankOnBoard } from '@campus/infra';
import {
  attendanceMarked,
  opportunityCreated,
  opportunityDeleted,
  signedUp,
  userRegistered,
} from '../../testing/events';
import {
  createProjectionHarness,
  snapshotReadModel,
  type ProjectionHarness,
} from '../../testing/harness';

type LedgerRow = {
  user_id: string;
  points: number;
  reason: string;
  month: string;
  cause_event_id: string;
};

describe('points: ledger, totals, monthly points and individual boards', () => {
  let h: ProjectionHarness;
  const ids = { a: '', b: '', c: '', d: '', host: '', march: '', april: '' };
  let marchAttendanceId = '';

  beforeAll(async () => {
    h = await createProjectionHarness('points');
    const users = await Promise.all(
      ['Ada', 'Ben', 'Cy', 'Dee', 'Hal'].map((firstName) => userRegistered(h.vault, { firstName })),
    );
    const [a, b, c, d, host] = users.map((u) => u.userId) as [
      string,
      string,
      string,
      string,
      string,
    ];
    Object.assign(ids, { a, b, c, d, host });
    // 20:00 Eastern on March 31 is already April 1 in UTC: the points still count in March.
    const march = opportunityCreated({
      hostUserId: host,
      date: '2026-03-31',
      time: '20:00',
      durationMinutes: 90,
    });
    const april = opportunityCreated({
      hostUserId: host,
      date: '2026-04-02',
      time: '09:00',
      durationMinutes: 30,
    });
    ids.march = march.opportunityId;
    ids.april = april.opportunityId;
    const marchAttendance = attendanceMarked({
      opportunityId: march.opportunityId,
      markedBy: host,
      opportunityDate: '2026-03-31',
      durationMinutes: 90,
      attended: [a, b],
      absent: [c],
      bonus: { userId: a, points: 5 },
      at: '2026-04-01T02:00:00.000Z',
    });
    marchAttendanceId = marchAttendance.event.eventId;
    await h.append(
      ...users,
      march,
      april,
      signedUp(march.opportunityId, a, '2026-03-02T15:00:00.000Z'),
      signedUp(march.opportunityId, b, '2026-03-02T15:01:00.000Z'),
      signedUp(march.opportunityId, c, '2026-03-02T15:02:00.000Z'),
      marchAttendance,
      signedUp(april.opportunityId, b),
      signedUp(april.opportunityId, c),
      attendanceMarked({
        opportunityId: april.opportunityId,
        markedBy: host,
        opportunityDate: '2026-04-02',
        durationMinutes: 5,
        attended: [b, c],
      }),
      opportunityDeleted(march.opportunityId),
    );
    await h.project({ batchSize: 4 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('writes a ledger line per attended user and a separate bonus line, naming the event', async () => {
    const { rows } = await h.pool.query<LedgerRow>(
      `SELECT user_id::text, points, reason, month, cause_event_id::text FROM read.point_ledger
        WHERE opportunity_id = $1 ORDER BY user_id, reason`,
      [ids.march],
    );
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.user_id === ids.a).map((r) => [r.reason, r.points])).toEqual([
      ['attendance', 90],
      ['first_signup_bonus', 5],
    ]);
    expect(rows.find((r) => r.user_id === ids.b)).toMatchObject({
      reason: 'attendance',
      points: 90,
    });
    expect(rows.some((r) => r.user_id === ids.c)).toBe(false);
    for (const row of rows) {
      expect(row.cause_event_id).toBe(marchAttendanceId);
      expect(row.month).toBe('2026-03');
    }
  });

  it('keeps every user total equal to the sum of their ledger lines, after deletion too', async () => {
    const { rows } = await h.pool.query<{ id: string; points: number; ledger: number }>(
      `SELECT u.id::text, u.points,
              COALESCE((SELECT sum(points) FROM read.point_ledger l WHERE l.user_id = u.id), 0)::int AS ledger
         FROM read.users u`,
    );
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.points).toBe(row.ledger);
    const points = Object.fromEntries(rows.map((r) => [r.id, r.points]));
    expect([points[ids.a], points[ids.b], points[ids.c], points[ids.d]]).toEqual([95, 95, 5, 0]);
    const { rows: deleted } = await h.pool.query<{ deleted: boolean }>(
      'SELECT deleted FROM read.opportunities WHERE id = $1',
      [ids.march],
    );
    expect(deleted[0]?.deleted).toBe(true);
  });

  it('counts points in the month of the Eastern opportunity date', async () => {
    const { rows } = await h.pool.query<{ user_id: string; month: string; points: number }>(
      'SELECT user_id::text, month, points FROM read.monthly_points ORDER BY month, user_id',
    );
    const byUser = (month: string) =>
      Object.fromEntries(rows.filter((r) => r.month === month).map((r) => [r.user_id, r.points]));
    expect(byUser('2026-03')).toEqual({ [ids.a]: 95, [ids.b]: 90 });
    expect(byUser('2026-04')).toEqual({ [ids.b]: 5, [ids.c]: 5 });
  });

  it('writes absolute scores to the all-time and monthly boards, ties sharing a rank', async () => {
    const allTime = individualsBoard(h.prefix, 'all');
    expect(Object.fromEntries(await h.board(allTime))).toEqual({
      [ids.a]: 95,
      [ids.b]: 95,
      [ids.c]: 5,
      [ids.d]: 0,
      [ids.host]: 0,
    });
    expect(await rankOnBoard(h.redis, allTime, ids.a)).toBe(1);
    expect(await rankOnBoard(h.redis, allTime, ids.b)).toBe(1);
    expect(await rankOnBoard(h.redis, allTime, ids.c)).toBe(3);
    expect(await rankOnBoard(h.redis, allTime, ids.d)).toBe(4);
    expect(await rankOnBoard(h.redis, allTime, '00000000-0000-4000-8000-000000000000')).toBe(
      UNKNOWN_RANK,
    );

    const march = individualsBoard(h.prefix, '2026-03');
    expect(await h.board(march)).toEqual([
      [ids.a, 95],
      [ids.b, 90],
    ]);
    const april = individualsBoard(h.prefix, '2026-04');
    expect(Object.fromEntries(await h.board(april))).toEqual({ [ids.b]: 5, [ids.c]: 5 });
    expect(await rankOnBoard(h.redis, april, ids.c)).toBe(1);
    // No points in April: not on that month's board.
    expect(await rankOnBoard(h.redis, april, ids.a)).toBe(UNKNOWN_RANK);
  });

  it('rewrites the boards of batches committed before a stop that came before Redis', async () => {
    const march = individualsBoard(h.prefix, '2026-03');
    const expected = await h.board(march);
    // As if the worker stopped after the Postgres commit and before the Redis write.
    await h.redis.del(march);
    await h.pool.query('UPDATE read.checkpoints SET visible_txn = 0, visible_seq = 0');
    await h.append(await userRegistered(h.vault));
    await h.project();
    expect(await h.board(march)).toEqual(expected);
  });

  it('changes nothing when the same events are projected again', async () => {
    const before = await snapshotReadModel(h.pool);
    const boardsBefore = await h.allBoards();
    await h.pool.query(
      'UPDATE read.checkpoints SET txn = 0, seq = 0, visible_txn = 0, visible_seq = 0',
    );
    await h.project({ batchSize: 3 });
    expect(await snapshotReadModel(h.pool)).toEqual(before);
    expect(await h.allBoards()).toEqual(boardsBefore);
  });
});
