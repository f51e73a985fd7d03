import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  memberJoined,
  memberLeft,
  organizationCreated,
  userRegistered,
} from '../../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';

describe('memberships: the same rows whatever the batch boundaries', () => {
  let h: ProjectionHarness;
  beforeAll(async () => {
    h = await createProjectionHarness('memberships');
  });
  afterAll(async () => {
    await h.close();
  });

  it('dates a membership left and joined again within one batch by the new join', async () => {
    const host = await userRegistered(h.vault);
    const member = await userRegistered(h.vault);
    const org = organizationCreated({ hostUserId: host.userId, approved: true });
    await h.append(
      host,
      member,
      org,
      memberJoined(org.organizationId, member.userId, '2026-03-01T10:00:00.000Z'),
    );
    await h.project();
    // Leave and join again in the same batch.
    await h.append(
      memberLeft(org.organizationId, member.userId, '2026-03-05T10:00:00.000Z'),
      memberJoined(org.organizationId, member.userId, '2026-03-06T10:00:00.000Z'),
    );
    await h.project({ batchSize: 50 });
    const { rows } = await h.pool.query<{ joined_at: Date }>(
      'SELECT joined_at FROM read.memberships WHERE organization_id = $1 AND user_id = $2',
      [org.organizationId, member.userId],
    );
    expect(rows.map((r) => r.joined_at.toISOString())).toEqual(['2026-03-06T10:00:00.000Z']);
    const periods = await h.pool.query<{ joined_at: Date; left_at: Date | null }>(
      `SELECT joined_at, left_at FROM read.membership_periods
        WHERE organization_id = $1 AND user_id = $2 ORDER BY joined_at`,
      [org.organizationId, member.userId],
    );
    expect(
      periods.rows.map((p) => [p.joined_at.toISOString(), p.left_at?.toISOString() ?? null]),
    ).toEqual([
      ['2026-03-01T10:00:00.000Z', '2026-03-05T10:00:00.000Z'],
      ['2026-03-06T10:00:00.000Z', null],
    ]);
  });
});
