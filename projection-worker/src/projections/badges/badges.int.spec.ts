import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cause } from '@campus/contracts';
import {
  attendanceMarked,
  friendAccepted,
  friendRejected,
  friendRemoved,
  friendRequested,
  opportunityCreated,
  opportunityUpdated,
  signedUp,
  unregistered,
  userRegistered,
  type TestEvent,
} from '../../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';

const badgesOf = async (h: ProjectionHarness, userId: string): Promise<string[]> => {
  const { rows } = await h.pool.query<{ badges: string[] }>(
    'SELECT badges FROM read.user_badges WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.badges ?? [];
};

describe('friendships and badges', () => {
  let h: ProjectionHarness;
  let star = '';
  let newcomer = '';
  let others: string[] = [];
  const opportunities: string[] = [];

  /** An opportunity with `cause` that `attendees` sign up for and attend, earning `minutes`. */
  const attendedOpportunity = (cause: Cause, attendees: string[], minutes: number): TestEvent[] => {
    const created = opportunityCreated({ hostUserId: others[0] ?? '', causes: [cause] });
    opportunities.push(created.opportunityId);
    return [
      created,
      ...attendees.map((u) => signedUp(created.opportunityId, u)),
      attendanceMarked({
        opportunityId: created.opportunityId,
        markedBy: others[0] ?? '',
        opportunityDate: '2026-03-20',
        durationMinutes: minutes,
        attended: attendees,
      }),
    ];
  };

  beforeAll(async () => {
    h = await createProjectionHarness('badges');
    const registered = await Promise.all(Array.from({ length: 13 }, () => userRegistered(h.vault)));
    [star = '', newcomer = '', ...others] = registered.map((r) => r.userId);
    const [o1, o2, o3, o4, o5, o6] = others as [string, string, string, string, string, string];
    await h.append(
      ...registered,
      // Five accepted friends, one pending, one rejected, one removed.
      ...[o1, o2, o3, o4, o5].flatMap((o) => [friendRequested(star, o), friendAccepted(star, o)]),
      friendRequested(o6, star),
      friendRequested(newcomer, o1),
      friendRejected(newcomer, o1),
      friendRequested(newcomer, o2),
      friendAccepted(newcomer, o2),
      friendRemoved(newcomer, o2, o2),
      ...attendedOpportunity('Environment & Sustainability', [star], 30),
      ...attendedOpportunity('Environment & Sustainability', [star], 30),
      ...attendedOpportunity('Food Security and Hunger Relief', [star], 30),
      ...attendedOpportunity('Education', [star], 30),
      // Eleven scorers: star 120, then o1..o10 with 100, 90, ..., 10 (o10 is 11th).
      ...others.slice(0, 10).flatMap((o, i) => attendedOpportunity('Other', [o], 100 - i * 10)),
    );
    const extra = opportunityCreated({ hostUserId: o1 });
    await h.append(extra, signedUp(extra.opportunityId, newcomer));
    await h.project({ batchSize: 25 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('keeps a row per pending or accepted pair and none for rejected or removed ones', async () => {
    const { rows } = await h.pool.query<{
      requester_id: string;
      recipient_id: string;
      status: string;
    }>('SELECT requester_id::text, recipient_id::text, status FROM read.friendships');
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.status === 'friends')).toHaveLength(5);
    expect(rows.find((r) => r.status === 'pending')).toMatchObject({
      requester_id: others[5],
      recipient_id: star,
    });
    expect(rows.some((r) => r.requester_id === newcomer)).toBe(false);
  });

  it('derives badges from current state per the badge table', async () => {
    // star: 4 signups, 120 points, 5 friends, 2 eco, 1 hunger, rank 1.
    expect(await badgesOf(h, star)).toEqual([
      'first-step',
      'point-novice',
      'point-adept',
      'point-master',
      'serial-volunteer',
      'social-butterfly',
      'super-networker',
      'eco-warrior',
      'top-ten',
    ]);
    expect(await badgesOf(h, newcomer)).toEqual(['first-step']);
    const { rows } = await h.pool.query(
      'SELECT signup_count, friend_count, eco_count, hunger_count FROM read.user_badges WHERE user_id = $1',
      [star],
    );
    expect(rows[0]).toEqual({ signup_count: 4, friend_count: 5, eco_count: 2, hunger_count: 1 });
  });

  it('gives Top Ten by all-time rank, ties included, and takes it away when overtaken', async () => {
    const o9 = others[8] ?? '';
    const o10 = others[9] ?? '';
    expect(await badgesOf(h, o9)).toContain('top-ten');
    expect(await badgesOf(h, o10)).not.toContain('top-ten');
    // o10 (10 points) reaches 20: tied tenth with o9, both rank 10.
    await h.append(...attendedOpportunity('Other', [o10], 10));
    await h.project();
    expect(await badgesOf(h, o9)).toContain('top-ten');
    expect(await badgesOf(h, o10)).toContain('top-ten');
    // The newcomer jumps to 500: o9 and o10 drop to rank 11.
    await h.append(...attendedOpportunity('Other', [newcomer], 500));
    await h.project();
    expect(await badgesOf(h, newcomer)).toContain('top-ten');
    expect(await badgesOf(h, o9)).not.toContain('top-ten');
    expect(await badgesOf(h, o10)).not.toContain('top-ten');
  });

  it('counts signups not withdrawn and follows a cause edited after attendance', async () => {
    const last = opportunities[1] ?? '';
    await h.append(opportunityUpdated(last, { causes: ['Food Security and Hunger Relief'] }));
    await h.project();
    const badges = await badgesOf(h, star);
    expect(badges).toContain('hunger-hero');
    expect(badges).not.toContain('eco-warrior');

    const extra = opportunityCreated({ hostUserId: others[0] ?? '' });
    await h.append(extra, signedUp(extra.opportunityId, star));
    await h.project();
    expect(await badgesOf(h, star)).toContain('community-pillar');
    await h.append(unregistered(extra.opportunityId, star));
    await h.project();
    expect(await badgesOf(h, star)).not.toContain('community-pillar');
  });
});
