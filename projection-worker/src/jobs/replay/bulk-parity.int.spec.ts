import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCalendarFeedStreamId, toOpportunityStreamId, toUserStreamId } from '@campus/contracts';
import {
  adminGranted,
  eventOf,
  announcementPosted,
  announcementRemoved,
  attendanceMarked,
  friendAccepted,
  friendRejected,
  friendRemoved,
  friendRequested,
  mailPreferencesChanged,
  memberJoined,
  memberLeft,
  opportunityApproval,
  opportunityCreated,
  opportunityDeleted,
  opportunityUpdated,
  organizationApproval,
  organizationCreated,
  organizationDeleted,
  organizationUpdated,
  profileUpdated,
  rawEvent,
  signedUp,
  unregistered,
  userRegistered,
  type TestEvent,
} from '../../testing/events';
import { expectDeadLetters } from '@campus/infra/testing';
import { PARSE_STAGE } from '../../projector/dead-letters';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';
import { snapshotEveryTable } from '../../testing/read-model-snapshot';
import { serviceHoursHistory } from '../../testing/history';
import { bulkRebuilds } from '../../projections/bulk-folds';
import { replayProjections } from './replay';

/** mulberry32: the same varied history on every run. */
const seeded = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/**
 * A varied history for every projection, shuffled into a realistic order: registrations with
 * profile edits and erasures, organizations created, edited, approved and deleted with members
 * joining, leaving and joining again, opportunities edited, unapproved and deleted, signups,
 * withdrawals and signups again, waitlists joined, left and promoted, check-ins (twice for some),
 * attendance with absentees and first-signup bonuses in several months (before the launch date
 * too), friendships requested, accepted, rejected and removed, announcements posted and removed,
 * calendar feed resets and one event no schema accepts.
 */
const variedHistory = async (h: ProjectionHarness): Promise<TestEvent[]> => {
  const random = seeded(8);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const day = (n: number) => new Date(Date.parse('2025-09-01T15:00:00.000Z') + n * 86_400_000);
  const at = (n: number) => day(n).toISOString();
  const out: TestEvent[] = [];

  const users = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      userRegistered(h.vault, {
        firstName: `U${String(i)}`,
        email: `u${String(i)}@university.edu`,
      }),
    ),
  );
  const ids = users.map((u) => u.userId);
  out.push(...users);
  const host = ids[0] as string;
  out.push(adminGranted(host));
  for (const id of ids.slice(1, 8)) {
    out.push(await profileUpdated(h.vault, id, { bio: `Bio of ${id}` }, ['Education']));
  }
  out.push(await profileUpdated(h.vault, ids[2] as string, { firstName: 'Renamed' }, null));
  // Mail preferences (docs/mail.md): turned off, changed, turned back on, and one of an erased user.
  out.push(
    mailPreferencesChanged(ids[3] as string, ['reminders', 'friend_requests'], at(1)),
    mailPreferencesChanged(ids[4] as string, ['service_hours'], at(1)),
    mailPreferencesChanged(ids[3] as string, ['friend_requests'], at(2)),
    mailPreferencesChanged(ids[5] as string, ['waitlist'], at(2)),
    mailPreferencesChanged(ids[5] as string, [], at(3)),
    mailPreferencesChanged(ids[30] as string, ['reminders'], at(4)),
  );
  for (const id of ids.slice(30, 32)) {
    await h.vault.erase(id);
    out.push(
      eventOf(toUserStreamId(id), 'UserErased', { v: 1, userId: id, erasedAt: at(5) }, at(5)),
    );
  }

  const organizations = Array.from({ length: 4 }, (_, i) =>
    organizationCreated({ hostUserId: host, name: `Org ${String(i)}`, approved: i !== 3 }),
  );
  const orgIds = organizations.map((o) => o.organizationId);
  out.push(...organizations);
  out.push(organizationUpdated(orgIds[1] as string, { description: 'Edited' }));
  out.push(organizationApproval(orgIds[3] as string, true));
  out.push(organizationDeleted(orgIds[2] as string));

  const opportunities = Array.from({ length: 12 }, (_, i) =>
    opportunityCreated({
      hostUserId: host,
      hostOrgId: i % 3 === 0 ? null : (orgIds[i % 4] as string),
      date: `2025-${String(9 + (i % 4)).padStart(2, '0')}-${String(5 + i).padStart(2, '0')}`,
      durationMinutes: 30 + 15 * i,
      totalSlots: 3 + (i % 5),
      approved: i !== 5,
    }),
  );
  const oppIds = opportunities.map((o) => o.opportunityId);
  out.push(...opportunities);
  out.push(opportunityUpdated(oppIds[1] as string, { name: 'Renamed', totalSlots: 9 }));
  out.push(opportunityApproval(oppIds[5] as string, true));
  out.push(opportunityApproval(oppIds[6] as string, false));

  const activity: TestEvent[] = [];
  const signups = new Map<string, Set<string>>(oppIds.map((o) => [o, new Set<string>()]));
  const members = new Map<string, Set<string>>(orgIds.map((o) => [o, new Set<string>()]));
  const waiting = new Map<string, Set<string>>(oppIds.map((o) => [o, new Set<string>()]));
  const checkedIn = new Set<string>();
  const announcements: { opp: string; id: string }[] = [];
  const friendships = new Map<string, 'pending' | 'friends'>();
  for (let step = 0; step < 900; step++) {
    const user = pick(ids);
    const opp = pick(oppIds.slice(0, 11));
    const org = pick(orgIds);
    const when = at(10 + Math.floor(step / 10));
    const roll = random();
    const registered = signups.get(opp) as Set<string>;
    const queue = waiting.get(opp) as Set<string>;
    if (roll < 0.35) {
      activity.push(signedUp(opp, user, when));
      registered.add(user);
      queue.delete(user);
    } else if (roll < 0.45 && registered.has(user)) {
      activity.push(unregistered(opp, user, when));
      registered.delete(user);
    } else if (roll < 0.52) {
      const orgMembers = members.get(org) as Set<string>;
      if (orgMembers.has(user)) {
        activity.push(memberLeft(org, user, when));
        orgMembers.delete(user);
      } else {
        activity.push(memberJoined(org, user, when));
        orgMembers.add(user);
      }
    } else if (roll < 0.6 && !registered.has(user)) {
      if (queue.has(user)) {
        activity.push(
          eventOf(
            toOpportunityStreamId(opp),
            'WaitlistLeft',
            { v: 1, opportunityId: opp, userId: user, byUserId: user, at: when },
            when,
          ),
        );
        queue.delete(user);
      } else {
        activity.push(
          eventOf(
            toOpportunityStreamId(opp),
            'WaitlistJoined',
            { v: 1, opportunityId: opp, userId: user, byUserId: user, at: when },
            when,
          ),
        );
        queue.add(user);
      }
    } else if (roll < 0.63 && queue.size) {
      const first = [...queue][0] as string;
      activity.push(signedUp(opp, first, when));
      activity.push(
        eventOf(
          toOpportunityStreamId(opp),
          'WaitlistPromoted',
          {
            v: 1,
            opportunityId: opp,
            userId: first,
            reason: 'unregistration',
            opportunityName: 'Promoted',
            startsAt: when,
            at: when,
          },
          when,
        ),
      );
      queue.delete(first);
      registered.add(first);
    } else if (roll < 0.68 && registered.size) {
      const participant = pick([...registered]);
      // Some participants scan twice: the first check-in stays.
      activity.push(
        eventOf(
          toOpportunityStreamId(opp),
          'ParticipantCheckedIn',
          { v: 1, opportunityId: opp, userId: participant, checkedInAt: when },
          when,
        ),
      );
      checkedIn.add(`${opp}|${participant}`);
    } else if (roll < 0.82) {
      const other = pick(ids);
      if (other === user) continue;
      const [a, b] = user < other ? [user, other] : [other, user];
      const key = `${a}|${b}`;
      const state = friendships.get(key);
      if (!state) {
        activity.push(friendRequested(a, b));
        friendships.set(key, 'pending');
      } else if (state === 'pending') {
        if (random() < 0.7) {
          activity.push(friendAccepted(a, b));
          friendships.set(key, 'friends');
        } else {
          activity.push(friendRejected(a, b));
          friendships.delete(key);
        }
      } else {
        activity.push(friendRemoved(a, b, a));
        friendships.delete(key);
      }
    } else if (roll < 0.86) {
      const posted = announcementPosted(opp, host, `News ${String(step)}`);
      activity.push(posted);
      announcements.push({ opp, id: posted.announcementId });
    } else if (roll < 0.88 && announcements.length) {
      const gone = pick(announcements);
      activity.push(announcementRemoved(gone.opp, gone.id));
    } else if (roll < 0.9) {
      activity.push(
        eventOf(
          toCalendarFeedStreamId(user),
          'CalendarFeedReset',
          { v: 1, userId: user, at: when },
          when,
        ),
      );
    }
  }
  out.push(...activity);

  for (const [i, opp] of oppIds.slice(0, 9).entries()) {
    const registered = [...(signups.get(opp) as Set<string>)];
    const attended = registered.filter((_, j) => j % 4 !== 3);
    const absent = registered.filter((_, j) => j % 4 === 3);
    out.push(
      attendanceMarked({
        opportunityId: opp,
        markedBy: host,
        opportunityDate: `2025-${String(9 + (i % 4)).padStart(2, '0')}-${String(5 + i).padStart(2, '0')}`,
        durationMinutes: 30 + 15 * i,
        attended,
        absent,
        bonus: attended[0] ? { userId: attended[0], points: 25 } : null,
        at: at(120 + i),
      }),
    );
  }
  // Two opportunities on one day, the later one marked first, with the same attendees: their
  // lines tie on the date, and the log's order (the later one's lines first) breaks the tie.
  const sameDay = [0, 1].map(() =>
    opportunityCreated({ hostUserId: host, date: '2025-12-20', durationMinutes: 45 }),
  );
  out.push(...sameDay);
  const sameDayAttendees = ids.slice(10, 16);
  for (const { opportunityId } of sameDay) {
    for (const user of sameDayAttendees) out.push(signedUp(opportunityId, user, at(140)));
  }
  for (const [i, { opportunityId }] of [...sameDay].reverse().entries()) {
    out.push(
      attendanceMarked({
        opportunityId,
        markedBy: host,
        opportunityDate: '2025-12-20',
        durationMinutes: 45 + 15 * i,
        attended: sameDayAttendees,
        bonus: { userId: sameDayAttendees[i] as string, points: 25 },
        at: at(141 + i),
      }),
    );
  }
  out.push(
    ...(await serviceHoursHistory(h, {
      students: ids.slice(20, 28),
      admin: host,
      organizations: orgIds.slice(0, 2),
      at: (n) => at(150 + n),
    })),
  );
  // Signups and attendance on an opportunity that is deleted afterwards; a signup again after it.
  out.push(opportunityDeleted(oppIds[7] as string));
  out.push(signedUp(oppIds[8] as string, ids[39] as string, at(130)));
  out.push(rawEvent(toOpportunityStreamId(oppIds[0] as string), 'UserSignedUp', { v: 1 }));
  expect(checkedIn.size).toBeGreaterThan(5);
  return out;
};

/**
 * Each user's point ledger in the order the points history reads it (the opportunity's date, then
 * the line id), each line as the event that caused it, its reason and its points.
 */
const ledgerInHistoryOrder = async (h: ProjectionHarness) => {
  const { rows } = await h.pool.query<{ user_id: string; line: string }>(
    `SELECT user_id::text, concat_ws(' ', cause_event_id, reason, points) AS line
       FROM read.point_ledger ORDER BY user_id, opportunity_date, id`,
  );
  const byUser: Record<string, string[]> = {};
  for (const { user_id, line } of rows) (byUser[user_id] ??= []).push(line);
  return byUser;
};

/** Each index of the read schema: its table, name, constraint kind ('index' for none) and definition. */
const indexesOfReadModel = async (h: ProjectionHarness): Promise<string[]> => {
  const { rows } = await h.pool.query<{ entry: string }>(
    `SELECT t.relname || ' ' || i.relname || ' ' || COALESCE(c.contype::text, 'index') || ' ' ||
            pg_get_indexdef(x.indexrelid) AS entry
       FROM pg_index x
       JOIN pg_class i ON i.oid = x.indexrelid
       JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = t.oid
      WHERE n.nspname = 'read'
      ORDER BY 1`,
  );
  return rows.map((r) => r.entry);
};

describe('replay by folding the log: the same read model as the live projector', () => {
  let h: ProjectionHarness;
  let history: TestEvent[];
  /** The ledger's order as the live projector left it, before any replay. */
  let liveLedger: Record<string, string[]>;
  /** The read model's keys, unique constraints and indexes as the migrations made them. */
  let migrated: string[];

  beforeAll(async () => {
    h = await createProjectionHarness('bulk-parity');
    await expectDeadLetters(h.pool, 'the history holds events that cannot be parsed, on purpose', {
      projection: PARSE_STAGE,
    });
    history = await variedHistory(h);
    await h.append(...history);
    // Small batches: the live path's rows cross many batch boundaries.
    await h.project({ batchSize: 7, allowDeadLetters: true });
    liveLedger = await ledgerInHistoryOrder(h);
    migrated = await indexesOfReadModel(h);
  });
  afterAll(async () => {
    await h.close();
  });

  it('folds every projection but users and badges (which build their rows from the others)', () => {
    expect([...bulkRebuilds.keys()].sort()).toEqual([
      'check-ins',
      'friendships',
      'impact',
      'opportunities',
      'organizations',
      'points',
      'service-logs',
      'waitlist',
    ]);
  });

  it('rebuilds every table row for row and every board entry for entry', async () => {
    const rows = await snapshotEveryTable(h.pool);
    const boards = await h.allBoards();
    // The history reaches every table the folds write.
    for (const table of [
      'signups',
      'friendships',
      'memberships',
      'membership_periods',
      'point_ledger',
      'monthly_points',
      'waitlist',
      'waitlist_promotions',
      'calendar_feeds',
      'mail_preferences',
      'check_ins',
      'announcements',
      'dead_letters',
      'service_logs',
      'scoring_rules',
      'impact_opportunities',
      'impact_service',
      'impact_registrations',
      'impact_people',
    ]) {
      expect(rows[table]?.length, table).toBeGreaterThan(0);
    }
    expect(rows['membership_periods']?.some((r) => r.includes('"left_at":"'))).toBe(true);
    expect(rows['announcements']?.some((r) => r.includes('"removed":true'))).toBe(true);
    expect(rows['users']?.some((r) => r.includes('"erased":true'))).toBe(true);
    // Service hours (docs/service-hours.md): logs of every status, an erased student's, the rule
    // left on (after on, off, on), every logged hours line worth its minutes.
    for (const status of ['pending', 'approved', 'rejected']) {
      expect(rows['service_logs']?.some((r) => r.includes(`"status":"${status}"`))).toBe(true);
    }
    expect(rows['service_logs']?.some((r) => r.includes('"erased":true'))).toBe(true);
    expect(rows['scoring_rules']).toEqual(['{"id":true,"logged_hours_earn_points":true}']);
    const logged = (rows['point_ledger'] ?? [])
      .map((r) => JSON.parse(r) as { reason: string; points: number; logged_minutes: number })
      .filter((l) => l.reason === 'logged_hours');
    expect(logged).toHaveLength(7);
    for (const line of logged) expect(line.points).toBe(line.logged_minutes);

    // Folded with pages of 5,000 and of 13 events, and batch by batch (the path without folds).
    for (const [batchSize, bulk] of [
      [5_000, true],
      [13, true],
      [13, false],
    ] as const) {
      await replayProjections({
        ...h.workerDeps,
        requested: 'all',
        batchSize,
        bulk,
      });
      expect(await snapshotEveryTable(h.pool)).toEqual(rows);
      expect(await h.allBoards()).toEqual(boards);
    }
  });

  it('leaves every key, unique constraint and index of the read model as the migrations made it', async () => {
    expect(migrated.some((e) => / p CREATE UNIQUE INDEX signups_pkey /.test(e))).toBe(true);
    expect(migrated.some((e) => / u CREATE UNIQUE INDEX point_ledger_cause_event_id/.test(e))).toBe(
      true,
    );
    await replayProjections({
      ...h.workerDeps,
      requested: 'all',
    });
    expect(await indexesOfReadModel(h)).toEqual(migrated);
  });

  it("keeps each user's points history in the log's order after a replay, same-date lines included", async () => {
    // The live order is the log's: on a tie of dates, the line of the event logged first, and an
    // attendance's own line before its bonus.
    const marked = history.filter((e) => e.event.type === 'AttendanceMarked').slice(-2);
    const [first, second] = marked.map((e) => e.event.eventId);
    const tied = Object.values(liveLedger).filter((lines) =>
      lines.some((l) => l.startsWith(`${String(second)} `)),
    );
    expect(tied).toHaveLength(6);
    for (const lines of tied) {
      const sameDay = lines.filter(
        (l) => l.startsWith(`${String(first)} `) || l.startsWith(`${String(second)} `),
      );
      expect(sameDay[0]).toBe(`${String(first)} attendance 45`);
      expect(sameDay.at(-1)?.startsWith(`${String(second)} `)).toBe(true);
    }
    expect(tied.some((lines) => lines.includes(`${String(first)} first_signup_bonus 25`))).toBe(
      true,
    );

    for (const [batchSize, bulk] of [
      [5_000, true],
      [13, false],
    ] as const) {
      await replayProjections({
        ...h.workerDeps,
        requested: 'points',
        batchSize,
        bulk,
      });
      expect(
        await ledgerInHistoryOrder(h),
        `batch ${String(batchSize)}, bulk ${String(bulk)}`,
      ).toEqual(liveLedger);
    }
  });
});
