import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  toServiceLogStreamId,
  toUserStreamId,
  type Cause,
  type ImpactDashboard,
} from '@campus/contracts';
import { impactDashboard, type ImpactScope } from '@campus/read-model';
import {
  attendanceMarked,
  eventOf,
  opportunityCreated,
  organizationCreated,
  signedUp,
  unregistered,
  userRegistered,
  type TestEvent,
} from '../../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';
import { snapshotEveryTable } from '../../testing/read-model-snapshot';
import { replayProjections } from '../../jobs/replay/replay';

/** UserRegistered with the academic level the test names (the builder's is always Junior). */
const withLevel = (registered: TestEvent, academicLevel: string | null): TestEvent => ({
  ...registered,
  event: {
    ...registered.event,
    data: { ...registered.event.data, academicLevel },
  },
});

const IMPACT_TABLES = [
  'impact_opportunities',
  'impact_people',
  'impact_registrations',
  'impact_service',
];

/**
 * A campus of 12 students: Rowing (hosted by `hal`) holds a river cleanup in March that 8 attend
 * of 10 registered (one more withdrew) and approves logged hours of 2 of them in April; Chess
 * holds a food drive in April that 6 attend (3 of them cleanup volunteers), marked the next day;
 * one student's outside hours are dated February. Levels: 5 Seniors, 4 Juniors, 2 Graduates and
 * one Senior erased.
 */
describe('impact projection and dashboard (real Postgres)', () => {
  let h: ProjectionHarness;
  const ids: string[] = [];
  let hal = '';
  let rowing = '';
  let chess = '';
  let cleanup = '';
  let drive = '';

  const scope = (overrides: Partial<ImpactScope> = {}): ImpactScope => ({
    from: '2026-03-01',
    to: '2026-04-30',
    asOf: null,
    organizationId: null,
    ...overrides,
  });
  const dashboard = (overrides: Partial<ImpactScope> = {}): Promise<ImpactDashboard> =>
    impactDashboard(h.pool, scope(overrides));

  const approvedLog = (
    userId: string,
    organizationId: string | null,
    minutes: number,
    cause: Cause,
    date: string,
    at: string,
  ) => {
    const logId = randomUUID();
    return eventOf(
      toServiceLogStreamId(logId),
      'ServiceHoursApproved',
      {
        v: 1,
        logId,
        userId,
        verifiedBy: hal,
        organizationId,
        date,
        minutes,
        cause,
        reason: { subject: userId, iv: 'AAAA', data: 'AAAA', tag: 'AAAA' },
        at,
      },
      at,
    );
  };

  beforeAll(async () => {
    h = await createProjectionHarness('impact');
    const levels = [
      ...Array<string>(5).fill('Senior'),
      'Junior',
      'Junior',
      'Graduate',
      'Junior',
      'Junior',
      'Graduate',
      'Senior',
    ];
    const people = await Promise.all(
      levels.map((level, i) =>
        userRegistered(h.vault, { firstName: `S${String(i)}`, email: `s${String(i)}@u.edu` }).then(
          (e) => ({ userId: e.userId, event: withLevel(e, level) }),
        ),
      ),
    );
    ids.push(...people.map((p) => p.userId));
    const s = (i: number) => ids[i] as string;
    const hostEvent = await userRegistered(h.vault, { firstName: 'Hal', email: 'hal@u.edu' });
    hal = hostEvent.userId;
    const rowingEvent = organizationCreated({ hostUserId: hal, name: 'Rowing' });
    const chessEvent = organizationCreated({ hostUserId: hal, name: 'Chess' });
    rowing = rowingEvent.organizationId;
    chess = chessEvent.organizationId;
    const cleanupEvent = opportunityCreated({
      hostUserId: hal,
      hostOrgId: rowing,
      name: 'River cleanup',
      date: '2026-03-10',
      causes: ['Environment & Sustainability', 'Education'],
    });
    const driveEvent = opportunityCreated({
      hostUserId: hal,
      hostOrgId: chess,
      name: 'Food drive',
      date: '2026-04-05',
      causes: ['Food Security and Hunger Relief'],
    });
    cleanup = cleanupEvent.opportunityId;
    drive = driveEvent.opportunityId;
    const range = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => s(from + i));
    const driveVolunteers = [s(2), s(3), s(4), s(9), s(10), s(11)];
    await h.vault.erase(s(11));
    await h.append(
      ...people.map((p) => p.event),
      hostEvent,
      rowingEvent,
      chessEvent,
      cleanupEvent,
      driveEvent,
      // The cleanup: 0-9 registered, 10 withdrew; 0-7 present, 8 and 9 did not show.
      ...range(0, 10).map((u) => signedUp(cleanup, u, '2026-03-01T15:00:00.000Z')),
      unregistered(cleanup, s(10), '2026-03-02T15:00:00.000Z'),
      attendanceMarked({
        opportunityId: cleanup,
        markedBy: hal,
        opportunityDate: '2026-03-10',
        durationMinutes: 90,
        attended: range(0, 7),
        absent: [s(8), s(9)],
        at: '2026-03-10T20:00:00.000Z',
      }),
      // The food drive: 6 registered and present, marked the day after (10:00 Eastern).
      ...driveVolunteers.map((u) => signedUp(drive, u, '2026-04-01T15:00:00.000Z')),
      attendanceMarked({
        opportunityId: drive,
        markedBy: hal,
        opportunityDate: '2026-04-05',
        durationMinutes: 60,
        attended: driveVolunteers,
        at: '2026-04-06T14:00:00.000Z',
      }),
      // Logged: two cleanup volunteers for Rowing in April, one of them twice; one outside.
      approvedLog(s(0), rowing, 120, 'Education', '2026-04-12', '2026-04-14T14:00:00.000Z'),
      approvedLog(s(0), rowing, 30, 'Education', '2026-04-13', '2026-04-14T15:00:00.000Z'),
      approvedLog(s(1), rowing, 45, 'Education', '2026-04-12', '2026-04-14T16:00:00.000Z'),
      approvedLog(s(9), null, 200, 'Other', '2026-02-20', '2026-03-01T14:00:00.000Z'),
      eventOf(
        toUserStreamId(s(11)),
        'UserErased',
        { v: 1, userId: s(11), erasedAt: '2026-04-20T12:00:00.000Z' },
        '2026-04-20T12:00:00.000Z',
      ),
    );
    // Small batches: rows cross batch boundaries as they do live.
    await h.project({ batchSize: 4 });
  });
  afterAll(async () => {
    await h.close();
  });

  it('counts attended and approved logged minutes, unique and returning volunteers', async () => {
    const d = await dashboard();
    // 8 x 90 + 6 x 60 + 120 + 30 + 45 (the outside log is dated February, before the range).
    expect(d.totals).toEqual({ minutes: 720 + 360 + 195, volunteers: 11, returning_volunteers: 5 });
    expect(d.min_group_size).toBe(5);
    expect(d.organization).toBeNull();
    const wider = await dashboard({ from: '2026-02-01' });
    // The outside log makes its student (a drive volunteer) return too.
    expect(wider.totals).toEqual({ minutes: 1475, volunteers: 11, returning_volunteers: 6 });
  });

  it('shows the no-show rate over the registrations of the attendances marked in the range', async () => {
    const d = await dashboard();
    // Cleanup: 10 registered, 2 absent; drive: 6 registered, all present.
    expect(d.no_show).toEqual({ attendances: 2, registered: 16, no_shows: 2, rate: 0.125 });
    const none = await dashboard({ from: '2026-01-01', to: '2026-02-28' });
    expect(none.no_show).toEqual({ attendances: 0, registered: 0, no_shows: 0, rate: null });
  });

  it('breaks service down per month, cause, organization and academic level', async () => {
    const d = await dashboard();
    expect(d.months).toEqual({
      rows: [
        { key: '2026-03', label: 'March 2026', kind: 'group', minutes: 720, volunteers: 8 },
        { key: '2026-04', label: 'April 2026', kind: 'group', minutes: 555, volunteers: 8 },
      ],
      hidden: false,
    });
    // A service of two causes counts in each.
    expect(d.causes).toEqual({
      rows: [
        { key: 'Education', label: 'Education', kind: 'group', minutes: 915, volunteers: 8 },
        {
          key: 'Environment & Sustainability',
          label: 'Environment & Sustainability',
          kind: 'group',
          minutes: 720,
          volunteers: 8,
        },
        {
          key: 'Food Security and Hunger Relief',
          label: 'Food Security and Hunger Relief',
          kind: 'group',
          minutes: 360,
          volunteers: 6,
        },
      ],
      hidden: false,
    });
    expect(d.organizations).toEqual({
      rows: [
        { key: rowing, label: 'Rowing', kind: 'group', minutes: 915, volunteers: 8 },
        { key: chess, label: 'Chess', kind: 'group', minutes: 360, volunteers: 6 },
      ],
      hidden: false,
    });
  });

  it('merges groups of fewer than 5 people into one row, shown once it has 5 or more', async () => {
    const d = await dashboard();
    // Juniors (3 served), Graduates (2) and the erased student (level unknown): 6 together.
    expect(d.academic_levels).toEqual({
      rows: [
        { key: 'Senior', label: 'Senior', kind: 'group', minutes: 825, volunteers: 5 },
        {
          key: null,
          label: 'Smaller groups combined',
          kind: 'small_groups',
          minutes: 450,
          volunteers: 6,
        },
      ],
      hidden: false,
    });
  });

  it('merges the smallest group shown with a small one that alone has fewer than 5 people', async () => {
    const d = await dashboard({ from: '2026-02-01' });
    // No platform organization: 1 person. Alone it would be hidden, and Rowing + Chess from the
    // total would give it away: Chess joins it (its people include that one).
    expect(d.organizations).toEqual({
      rows: [
        { key: rowing, label: 'Rowing', kind: 'group', minutes: 915, volunteers: 8 },
        {
          key: null,
          label: 'Smaller groups combined',
          kind: 'small_groups',
          minutes: 560,
          volunteers: 6,
        },
      ],
      hidden: false,
    });
  });

  it('hides every figure about fewer than 5 people', async () => {
    const d = await dashboard({ from: '2026-02-01', to: '2026-02-28' });
    expect(d.totals).toEqual({ minutes: null, volunteers: null, returning_volunteers: null });
    for (const table of [d.months, d.causes, d.organizations, d.academic_levels]) {
      expect(table).toEqual({ rows: [], hidden: true });
    }
  });

  it('lists the opportunities of 5 or more volunteers, most minutes first', async () => {
    const d = await dashboard();
    expect(d.top_opportunities.rows).toEqual([
      {
        rank: 1,
        id: cleanup,
        name: 'River cleanup',
        organization_name: 'Rowing',
        date: '2026-03-10',
        minutes: 720,
        volunteers: 8,
      },
      {
        rank: 2,
        id: drive,
        name: 'Food drive',
        organization_name: 'Chess',
        date: '2026-04-05',
        minutes: 360,
        volunteers: 6,
      },
    ]);
  });

  it("counts one organization's service only when asked", async () => {
    const d = await dashboard({ organizationId: rowing });
    expect(d.organization).toEqual({ id: rowing, name: 'Rowing' });
    // Two of its volunteers served twice: too few to show.
    expect(d.totals).toEqual({ minutes: 915, volunteers: 8, returning_volunteers: null });
    expect(d.no_show).toEqual({ attendances: 1, registered: 10, no_shows: 2, rate: 0.2 });
    expect(d.organizations.rows.map((r) => r.key)).toEqual([rowing]);
    expect(d.top_opportunities.rows.map((r) => r.id)).toEqual([cleanup]);
  });

  it('stands as of the end of an Eastern day: only what was recorded by then', async () => {
    // The drive was marked on April 6 (10:00 Eastern), the logs approved on April 14.
    const before = await dashboard({ asOf: '2026-04-05' });
    expect(before.as_of).toBe('2026-04-05');
    expect(before.as_of_instant).toBe('2026-04-06T04:00:00.000Z');
    expect(before.totals).toEqual({ minutes: 720, volunteers: 8, returning_volunteers: 0 });
    expect(before.no_show.attendances).toBe(1);
    const after = await dashboard({ asOf: '2026-04-06' });
    expect(after.totals.minutes).toBe(1080);
  });

  it('rebuilds the same rows by a replay of the impact projection, and reads them after', async () => {
    const live = await snapshotEveryTable(h.pool);
    for (const table of IMPACT_TABLES) expect(live[table]?.length, table).toBeGreaterThan(0);
    // Every pooled connection has planned the dashboard's statement by now.
    const before = await Promise.all(Array.from({ length: 8 }, () => dashboard()));
    for (const bulk of [true, false]) {
      await replayProjections({ ...h.workerDeps, requested: 'impact', batchSize: 7, bulk });
      const replayed = await snapshotEveryTable(h.pool);
      for (const table of IMPACT_TABLES) expect(replayed[table], table).toEqual(live[table]);
      // The swapped-in tables are the ones read, on every connection.
      expect(await Promise.all(Array.from({ length: 8 }, () => dashboard()))).toEqual(before);
    }
    // And what is projected after the swap.
    await h.append(
      approvedLog(ids[2] as string, rowing, 60, 'Education', '2026-04-20', '2026-04-21T14:00:00Z'),
    );
    await h.project();
    for (const d of await Promise.all(Array.from({ length: 8 }, () => dashboard()))) {
      expect(d.totals.minutes).toBe((before[0]?.totals.minutes ?? 0) + 60);
    }
  });
});

describe('impact dashboard: the top opportunities (real Postgres)', () => {
  let h: ProjectionHarness;
  const opportunities: string[] = [];

  beforeAll(async () => {
    h = await createProjectionHarness('impact-top');
    const people = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        userRegistered(h.vault, { email: `t${String(i)}@u.edu` }),
      ),
    );
    const host = people[0]?.userId as string;
    const events: TestEvent[] = [...people];
    // 12 opportunities of 5 volunteers, the i-th worth 10 x (i + 1) minutes each, in shuffled order.
    for (const i of [3, 11, 0, 7, 5, 9, 1, 10, 2, 8, 6, 4]) {
      const created = opportunityCreated({
        hostUserId: host,
        name: `Opportunity ${String(i)}`,
        date: '2026-03-10',
      });
      opportunities[i] = created.opportunityId;
      events.push(
        created,
        attendanceMarked({
          opportunityId: created.opportunityId,
          markedBy: host,
          opportunityDate: '2026-03-10',
          durationMinutes: 10 * (i + 1),
          attended: people.map((p) => p.userId),
          at: '2026-03-10T20:00:00.000Z',
        }),
      );
    }
    await h.append(...events);
    await h.project();
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists the ten with the most minutes, ranked', async () => {
    const d = await impactDashboard(h.pool, {
      from: '2026-03-01',
      to: '2026-03-31',
      asOf: null,
      organizationId: null,
    });
    expect(d.top_opportunities.rows.map((r) => [r.rank, r.id, r.minutes])).toEqual(
      Array.from({ length: 10 }, (_, n) => [n + 1, opportunities[11 - n], 50 * (12 - n)]),
    );
    expect(d.top_opportunities.rows[0]).toMatchObject({
      name: 'Opportunity 11',
      organization_name: null,
      volunteers: 5,
    });
  });
});
