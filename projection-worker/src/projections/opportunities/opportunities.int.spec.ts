import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  announcementPosted,
  announcementRemoved,
  opportunityApproval,
  opportunityCreated,
  opportunityUpdated,
  signedUp,
  attendanceMarked,
  unregistered,
  userRegistered,
} from '../../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';

describe('opportunities, announcements and signups', () => {
  let h: ProjectionHarness;
  let host = '';
  let users: string[] = [];
  let opportunityId = '';
  let keptAnnouncement = '';

  beforeAll(async () => {
    h = await createProjectionHarness('opportunities');
    const registered = await Promise.all(Array.from({ length: 5 }, () => userRegistered(h.vault)));
    users = registered.map((r) => r.userId);
    host = users[0] ?? '';
    const created = opportunityCreated({
      hostUserId: host,
      date: '2026-01-15',
      time: '18:30:00',
      durationMinutes: 45,
      totalSlots: 4,
      causes: ['Education', 'Education', 'Religious'],
      visibility: ['11111111-1111-4111-8111-111111111111'],
      approved: false,
    });
    opportunityId = created.opportunityId;
    const [, u1, u2, u3, u4] = users as [string, string, string, string, string];
    const kept = announcementPosted(opportunityId, host, 'Meet at the gate');
    const removed = announcementPosted(opportunityId, host, 'Typo');
    keptAnnouncement = kept.announcementId;
    await h.append(
      ...registered,
      created,
      opportunityApproval(opportunityId, true),
      opportunityUpdated(opportunityId, { name: 'Tutoring night', totalSlots: 6 }),
      kept,
      removed,
      announcementRemoved(opportunityId, removed.announcementId),
      signedUp(opportunityId, u1, '2026-01-02T10:00:00.000Z'),
      signedUp(opportunityId, u2, '2026-01-02T11:00:00.000Z'),
      signedUp(opportunityId, u3, '2026-01-02T12:00:00.000Z'),
      unregistered(opportunityId, u2),
      signedUp(opportunityId, u4),
      unregistered(opportunityId, u4),
      signedUp(opportunityId, u4, '2026-01-05T09:00:00.000Z'),
      attendanceMarked({
        opportunityId,
        markedBy: host,
        opportunityDate: '2026-01-15',
        durationMinutes: 45,
        attended: [u1, u4],
        absent: [u3],
      }),
    );
    await h.project({ batchSize: 5 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('stores the details with Eastern date and time, the UTC start and the latest edits', async () => {
    const { rows } = await h.pool.query(
      `SELECT name, to_char(date, 'YYYY-MM-DD') AS date, time, starts_at, duration_minutes,
              total_slots, registered_count, causes, visibility, approved, deleted,
              attendance_marked, host_user_id::text
         FROM read.opportunities WHERE id = $1`,
      [opportunityId],
    );
    expect(rows[0]).toMatchObject({
      name: 'Tutoring night',
      date: '2026-01-15',
      time: '18:30',
      // 18:30 Eastern Standard Time (UTC-5) in winter.
      starts_at: new Date('2026-01-15T23:30:00.000Z'),
      duration_minutes: 45,
      total_slots: 6,
      registered_count: 3,
      causes: ['Education', 'Religious'],
      visibility: ['11111111-1111-4111-8111-111111111111'],
      approved: true,
      deleted: false,
      attendance_marked: true,
      host_user_id: host,
    });
  });

  it('keeps one signup row per user, registered or withdrawn, with the attended flags', async () => {
    const [, u1, u2, u3, u4] = users as [string, string, string, string, string];
    const { rows } = await h.pool.query<{
      user_id: string;
      registered: boolean;
      attended: boolean | null;
      signed_up_at: Date;
    }>(
      `SELECT user_id::text, registered, attended, signed_up_at FROM read.signups
        WHERE opportunity_id = $1`,
      [opportunityId],
    );
    const byUser = new Map(rows.map((r) => [r.user_id, r]));
    expect(rows).toHaveLength(4);
    expect(byUser.get(u1)).toMatchObject({ registered: true, attended: true });
    expect(byUser.get(u2)).toMatchObject({ registered: false, attended: null });
    expect(byUser.get(u3)).toMatchObject({ registered: true, attended: false });
    expect(byUser.get(u4)).toMatchObject({
      registered: true,
      attended: true,
      signed_up_at: new Date('2026-01-05T09:00:00.000Z'),
    });
    const mine = await h.pool.query(
      'SELECT 1 FROM read.signups WHERE user_id = $1 AND registered',
      [u1],
    );
    expect(mine.rowCount).toBe(1);
  });

  it('lists announcements, marking the removed one', async () => {
    const { rows } = await h.pool.query<{ id: string; text: string; removed: boolean }>(
      'SELECT id::text, text, removed FROM read.announcements WHERE opportunity_id = $1 ORDER BY text',
      [opportunityId],
    );
    expect(rows.map((r) => [r.text, r.removed])).toEqual([
      ['Meet at the gate', false],
      ['Typo', true],
    ]);
    expect(rows[0]?.id).toBe(keptAnnouncement);
  });

  it('hides an unapproved opportunity from the approved list again', async () => {
    await h.append(opportunityApproval(opportunityId, false));
    await h.project();
    const { rows } = await h.pool.query(
      'SELECT id FROM read.opportunities WHERE approved AND NOT deleted',
    );
    expect(rows).toHaveLength(0);
  });
});
