import {
  announcementPosted,
  attendanceMarked,
  friendAccepted,
  friendRequested,
  loggedHoursScoringChanged,
  memberJoined,
  memberLeft,
  opportunityApproval,
  opportunityCreated,
  organizationCreated,
  organizationUpdated,
  profileUpdated,
  sealReason,
  sealServiceLog,
  serviceHoursApproved,
  serviceHoursLogged,
  serviceHoursRejected,
  signedUp,
  unregistered,
  userErased,
  userRegistered,
  type TestEvent,
} from './events';
import type { ProjectionHarness } from './harness';

/**
 * A small but complete history touching every projection: users and a profile edit, organizations
 * of two types with members joining and leaving, opportunities in two months with signups,
 * withdrawals, attendance and a first-signup bonus, friendships and an announcement.
 */
export const seedHistory = async (h: Pick<ProjectionHarness, 'vault' | 'append'>) => {
  const people = await Promise.all(
    ['Ada', 'Ben', 'Cy', 'Dee', 'Hal'].map((firstName, i) =>
      userRegistered(h.vault, {
        firstName,
        lastName: 'Lovelace',
        email: `${firstName.toLowerCase()}@university.edu`,
        ...(i === 4 ? { admin: true } : {}),
      }),
    ),
  );
  const [ada, ben, cy, dee, hal] = people.map((p) => p.userId) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const rowing = organizationCreated({ hostUserId: hal, type: 'Sports Team', name: 'Rowing' });
  const dance = organizationCreated({ hostUserId: hal, type: 'Cultural', name: 'Dance' });
  const march = opportunityCreated({
    hostUserId: hal,
    hostOrgId: rowing.organizationId,
    name: 'River cleanup',
    date: '2026-03-31',
    time: '20:00',
    durationMinutes: 90,
  });
  const april = opportunityCreated({
    hostUserId: hal,
    hostOrgId: dance.organizationId,
    name: 'Food bank',
    date: '2026-04-02',
    durationMinutes: 30,
    causes: ['Food Security and Hunger Relief'],
  });
  const pending = opportunityCreated({ hostUserId: ben, approved: false });
  const events: TestEvent[] = [
    ...people,
    await profileUpdated(h.vault, ada, { bio: 'Rows at dawn' }, ['Education']),
    rowing,
    dance,
    organizationUpdated(dance.organizationId, { description: 'We dance.' }),
    memberJoined(rowing.organizationId, ada, '2026-03-01T12:00:00.000Z'),
    memberJoined(rowing.organizationId, ben, '2026-03-01T12:00:00.000Z'),
    memberJoined(dance.organizationId, cy, '2026-03-05T12:00:00.000Z'),
    march,
    april,
    pending,
    opportunityApproval(pending.opportunityId, true),
    announcementPosted(march.opportunityId, hal, 'Bring boots'),
    signedUp(march.opportunityId, ada, '2026-03-02T15:00:00.000Z'),
    signedUp(march.opportunityId, ben, '2026-03-02T15:01:00.000Z'),
    signedUp(march.opportunityId, cy, '2026-03-02T15:02:00.000Z'),
    unregistered(march.opportunityId, cy, '2026-03-03T15:00:00.000Z'),
    attendanceMarked({
      opportunityId: march.opportunityId,
      markedBy: hal,
      opportunityDate: '2026-03-31',
      durationMinutes: 90,
      attended: [ada, ben],
      bonus: { userId: ada, points: 5 },
      at: '2026-04-01T02:00:00.000Z',
    }),
    memberLeft(rowing.organizationId, ben, '2026-04-01T15:00:00.000Z'),
    memberJoined(dance.organizationId, ben, '2026-04-01T16:00:00.000Z'),
    signedUp(april.opportunityId, cy),
    signedUp(april.opportunityId, dee),
    attendanceMarked({
      opportunityId: april.opportunityId,
      markedBy: hal,
      opportunityDate: '2026-04-02',
      durationMinutes: 30,
      attended: [cy, dee],
      at: '2026-04-02T18:00:00.000Z',
    }),
    friendRequested(ada, ben),
    friendAccepted(ada, ben),
    friendRequested(cy, ada),
  ];
  await h.append(...events);
  return {
    ada,
    ben,
    cy,
    dee,
    hal,
    rowing: rowing.organizationId,
    dance: dance.organizationId,
    march: march.opportunityId,
    april: april.opportunityId,
  };
};
export type SeededHistory = Awaited<ReturnType<typeof seedHistory>>;

/**
 * Service hours logged off the platform for a replay parity history (docs/service-hours.md), by
 * `students` (at least six, registered already) with `organizations` (approved, on the platform):
 * logs approved, rejected and left pending, at platform and outside organizations, in several
 * months (one before the launch date); the scoring rule turned on, off and on again between
 * approvals (two approvals and a rule change close together, so that a batch can hold them);
 * personal data and reasons sealed with the vault; and a student who logged and was decided on,
 * then erased (their key deleted here, so the projections open nothing of theirs).
 */
export const serviceHoursHistory = async (
  h: Pick<ProjectionHarness, 'vault'>,
  input: {
    readonly students: readonly string[];
    readonly admin: string;
    readonly organizations: readonly string[];
    /** When the n-th step happens (ISO 8601). */
    readonly at: (n: number) => string;
  },
): Promise<TestEvent[]> => {
  const { students, admin, organizations, at } = input;
  const student = (i: number) => students[i % students.length] as string;
  const organization = (i: number) => organizations[i % organizations.length] as string;
  const dates = ['2025-09-10', '2025-10-03', '2025-10-03', '2025-11-20', '2025-12-01'];
  const events: TestEvent[] = [];
  const logs: (TestEvent & { logId: string; userId: string })[] = [];
  for (let i = 0; i < 12; i++) {
    const userId = student(i);
    const outside = i % 3 === 0;
    const logged = serviceHoursLogged({
      userId,
      ...(outside
        ? { outsideOrganization: `Shelter ${String(i % 2)}` }
        : { organizationId: organization(i) }),
      date: dates[i % dates.length],
      minutes: 30 + 25 * i,
      cause: i % 2 ? 'Education' : 'Food Security and Hunger Relief',
      personal: await sealServiceLog(h.vault, userId, {
        description: `Log ${String(i)}\nsecond line`,
        photo: i % 4 === 0 ? `/files/log-${String(i)}.png` : null,
      }),
      at: at(i),
    });
    logs.push({ ...logged, userId });
    events.push(logged);
  }
  const decide = async (i: number, approve: boolean, step: number) => {
    const logged = logs[i] as (typeof logs)[number];
    const input = {
      verifiedBy: admin,
      reason: await sealReason(h.vault, logged.userId, approve ? null : `Reason ${String(i)}`),
      at: at(step),
    };
    events.push(
      approve ? serviceHoursApproved(logged, input) : serviceHoursRejected(logged, input),
    );
  };
  // Off by default: two approvals worth nothing, a rejection.
  await decide(0, true, 20);
  await decide(1, true, 21);
  await decide(2, false, 22);
  events.push(loggedHoursScoringChanged(true, admin, at(23)));
  await decide(3, true, 24);
  await decide(4, true, 25);
  events.push(loggedHoursScoringChanged(false, admin, at(26)));
  await decide(5, true, 27);
  await decide(6, false, 28);
  events.push(loggedHoursScoringChanged(true, admin, at(29)));
  await decide(7, true, 30);
  await decide(8, true, 31);
  // Logs 9, 10 and 11 stay pending. The student of logs 0 and 6 is erased.
  const erased = logs[0]?.userId as string;
  await h.vault.erase(erased);
  events.push(userErased(erased, at(32)));
  return events;
};
