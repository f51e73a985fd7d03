import { describe, expect, it } from 'vitest';
import { texts, checkInTexts } from '@campus/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { deciderSpec } from '../testing/decider-spec';
import { checkInDecider, type CheckInCommand, type CheckInEvent } from './check-in-decider';

const OPP = '0b6f4c1d-0000-4000-8000-000000000001';
const HOST = '0b6f4c1d-0000-4000-8000-0000000000a1';
const U1 = '0b6f4c1d-0000-4000-8000-000000000101';
const U2 = '0b6f4c1d-0000-4000-8000-000000000102';
const NOW = new Date('2026-05-01T13:55:00.000Z');

const created: CheckInEvent = {
  type: 'OpportunityCreated',
  data: {
    v: 1,
    opportunityId: OPP,
    hostUserId: HOST,
    hostOrgId: null,
    approved: true,
    createdAt: '2026-04-01T12:00:00.000Z',
    name: 'Park clean-up',
    description: 'Bring gloves',
    nonprofit: null,
    address: null,
    date: '2026-05-01',
    time: '10:00',
    startsAt: '2026-05-01T14:00:00.000Z',
    durationMinutes: 60,
    totalSlots: 10,
    causes: [],
    tags: [],
    qualifications: [],
    visibility: [],
    redirectUrl: null,
    imageUrl: null,
  },
};
const signedUp = (userId: string): CheckInEvent => ({
  type: 'UserSignedUp',
  data: { v: 1, opportunityId: OPP, userId, byUserId: userId, at: '2026-04-02T12:00:00.000Z' },
});

const spec = deciderSpec(checkInDecider);
const checkIn = (userId: string): CheckInCommand => ({
  type: 'CheckIn',
  actor: { userId, admin: false },
  now: NOW,
});

describe('the check-in decider', () => {
  it('checks a registered participant in once', () => {
    const checkedIn: CheckInEvent[] = [
      {
        type: 'ParticipantCheckedIn',
        data: { v: 1, opportunityId: OPP, userId: U1, checkedInAt: NOW.toISOString() },
      },
    ];
    spec
      .given([created, signedUp(U1)])
      .when(checkIn(U1))
      .then(checkedIn);
    spec
      .given([created, signedUp(U1), ...checkedIn])
      .when(checkIn(U1))
      .thenNothingHappened();
  });

  it('refuses someone not registered, a missing opportunity and a submitted attendance', () => {
    spec
      .given([created, signedUp(U1)])
      .when(checkIn(U2))
      .thenThrows(ForbiddenError, checkInTexts.errors.notRegistered);
    spec.given().when(checkIn(U1)).thenThrows(NotFoundError);
    const marked = {
      type: 'AttendanceMarked',
      data: { opportunityId: OPP },
    } as unknown as CheckInEvent;
    spec
      .given([created, signedUp(U1), marked])
      .when(checkIn(U1))
      .thenThrows(ConflictError);
  });

  it('refuses someone who checked in and was unregistered since, without answering a success', () => {
    const checkedIn: CheckInEvent = {
      type: 'ParticipantCheckedIn',
      data: { v: 1, opportunityId: OPP, userId: U1, checkedInAt: NOW.toISOString() },
    };
    const unregistered: CheckInEvent = {
      type: 'UserUnregistered',
      data: {
        v: 1,
        opportunityId: OPP,
        userId: U1,
        byUserId: U1,
        at: NOW.toISOString(),
        late: false,
      },
    };
    spec
      .given([created, signedUp(U1), checkedIn, unregistered])
      .when(checkIn(U1))
      .thenThrows(ForbiddenError, checkInTexts.errors.notRegistered);
    // Still registered: a second check-in is answered as already done, and records nothing.
    spec
      .given([created, signedUp(U1), checkedIn])
      .when(checkIn(U1))
      .thenNothingHappened();
  });

  it('given an unapproved opportunity, when a participant checks in, then 409 and no check-in', () => {
    const unapproved = { ...created, data: { ...created.data, approved: false } } as CheckInEvent;
    spec
      .given([unapproved, signedUp(U1)])
      .when(checkIn(U1))
      .thenThrows(ConflictError, texts.opportunities.integrity.checkInNeedsApproval);
    const approved: CheckInEvent = {
      type: 'OpportunityApproved',
      data: { v: 1, opportunityId: OPP },
    };
    spec
      .given([unapproved, signedUp(U1), approved])
      .when(checkIn(U1))
      .then((events) => expect(events).toHaveLength(1));
  });
});
