import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attendanceMarked,
  opportunityCreated,
  signedUp,
  userRegistered,
} from '../../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';

/** docs/product-rules.md: the first month (September 2025) counts from the launch date, 2025-09-16. */
describe('points before the launch date', () => {
  let h: ProjectionHarness;
  let userId = '';

  beforeAll(async () => {
    h = await createProjectionHarness('launch');
    const user = await userRegistered(h.vault, { firstName: 'Early' });
    const host = await userRegistered(h.vault, { firstName: 'Host' });
    userId = user.userId;
    const before = opportunityCreated({
      hostUserId: host.userId,
      date: '2025-09-10',
      time: '10:00',
    });
    const after = opportunityCreated({
      hostUserId: host.userId,
      date: '2025-09-20',
      time: '10:00',
    });
    await h.append(
      user,
      host,
      before,
      after,
      signedUp(before.opportunityId, userId, '2025-09-01T12:00:00.000Z'),
      signedUp(after.opportunityId, userId, '2025-09-01T12:00:00.000Z'),
      attendanceMarked({
        opportunityId: before.opportunityId,
        markedBy: host.userId,
        opportunityDate: '2025-09-10',
        durationMinutes: 60,
        attended: [userId],
        at: '2025-09-10T18:00:00.000Z',
      }),
      attendanceMarked({
        opportunityId: after.opportunityId,
        markedBy: host.userId,
        opportunityDate: '2025-09-20',
        durationMinutes: 30,
        attended: [userId],
        at: '2025-09-20T18:00:00.000Z',
      }),
    );
    await h.project();
  });
  afterAll(async () => {
    await h.close();
  });

  it('count all-time, but the September 2025 month only from 2025-09-16', async () => {
    const { rows: users } = await h.pool.query<{ points: number }>(
      'SELECT points FROM read.users WHERE id = $1',
      [userId],
    );
    expect(users[0]?.points).toBe(90);
    const { rows: months } = await h.pool.query<{ month: string; points: number }>(
      'SELECT month, points FROM read.monthly_points WHERE user_id = $1',
      [userId],
    );
    expect(months).toEqual([{ month: '2025-09', points: 30 }]);
  });
});
