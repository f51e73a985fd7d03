import {
  announcementPosted,
  attendanceMarked,
  friendAccepted,
  friendRequested,
  memberJoined,
  memberLeft,
  opportunityApproval,
  opportunityCreated,
  organizationCreated,
  organizationUpdated,
  profileUpdated,
  signedUp,
  unregistered,
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
