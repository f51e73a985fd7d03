import { describe, expect, it } from 'vitest';
import { eventSchemas } from '@campus/contracts';
import { liveEffectOf, type EventIds } from './live-changes';

const OPPORTUNITY = '7b0c56a4-5f0e-4d3f-9a43-3f4c1ef0a001';
const ADA = '7b0c56a4-5f0e-4d3f-9a43-3f4c1ef0a0aa';
const BEN = '7b0c56a4-5f0e-4d3f-9a43-3f4c1ef0a0bb';
const ORG = '7b0c56a4-5f0e-4d3f-9a43-3f4c1ef0a0cc';

const ids = (given: Partial<EventIds>): EventIds => ({
  opportunityId: null,
  userId: null,
  requesterId: null,
  recipientId: null,
  organizationId: null,
  ...given,
});

describe('what each event tells whom', () => {
  it('tells a sign-up to the readers of its opportunity only', () => {
    expect(liveEffectOf('UserSignedUp', ids({ opportunityId: OPPORTUNITY, userId: ADA }))).toEqual({
      changes: [
        {
          topic: { kind: 'opportunity', id: OPPORTUNITY },
          audience: { kind: 'readers', opportunityId: OPPORTUNITY },
        },
      ],
    });
  });

  it('tells a friend request to its two people, and nobody else', () => {
    const { changes } = liveEffectOf(
      'FriendRequested',
      ids({ requesterId: ADA, recipientId: BEN }),
    );
    expect(changes.map((c) => c.topic.kind)).toEqual(['notifications', 'friends']);
    for (const change of changes)
      expect(change.audience).toEqual({ kind: 'users', ids: [ADA, BEN] });
  });

  it('tells logged hours to the organization’s verifiers and the admins; a decision to its student', () => {
    const logged = liveEffectOf('ServiceHoursLogged', ids({ userId: ADA, organizationId: ORG }));
    expect(logged.changes.map((c) => c.audience)).toEqual([
      { kind: 'admins' },
      { kind: 'verifiers', organizationId: ORG },
    ]);
    const decided = liveEffectOf('ServiceHoursApproved', ids({ userId: ADA, organizationId: ORG }));
    expect(decided.changes).toContainEqual({
      topic: { kind: 'notifications' },
      audience: { kind: 'users', ids: [ADA] },
    });
    // Hours at an outside organization have no verifier but the admins.
    const outside = liveEffectOf('ServiceHoursLogged', ids({ userId: ADA }));
    expect(outside.changes.map((c) => c.audience.kind)).toEqual(['admins']);
  });

  it('ends the streams of a person whose rights changed', () => {
    expect(liveEffectOf('AdminGranted', ids({ userId: ADA })).endStreamsOf).toBe(ADA);
    expect(liveEffectOf('UserErased', ids({ userId: BEN })).endStreamsOf).toBe(BEN);
    expect(liveEffectOf('UserSignedUp', ids({ userId: BEN })).endStreamsOf).toBeUndefined();
  });

  it('tells nobody of events no screen shows, and of types it does not know', () => {
    for (const type of [
      'MailPreferencesChanged',
      'CalendarFeedReset',
      'ReservationClaimed',
      'Nope',
    ])
      expect(liveEffectOf(type, ids({ userId: ADA })).changes).toEqual([]);
  });

  it('sends no event type’s topic to everyone except the boards', () => {
    const everyone = Object.keys(eventSchemas).flatMap((type) =>
      liveEffectOf(
        type,
        ids({
          opportunityId: OPPORTUNITY,
          userId: ADA,
          requesterId: ADA,
          recipientId: BEN,
          organizationId: ORG,
        }),
      )
        .changes.filter((c) => c.audience.kind === 'everyone')
        .map((c) => c.topic.kind),
    );
    expect(new Set(everyone)).toEqual(new Set(['leaderboard']));
  });
});
