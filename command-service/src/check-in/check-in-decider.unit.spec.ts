import { describe, expect, it } from 'vitest';
import { texts, type DomainEvent } from '@campus/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '@campus/infra';
import { checkInDecider, type CheckInState } from './check-in-decider';

const OPP = '0b6f4c1d-0000-4000-8000-000000000001';
const HOST = '0b6f4c1d-0000-4000-8000-0000000000a1';
const U1 = '0b6f4c1d-0000-4000-8000-000000000101';
const U2 = '0b6f4c1d-0000-4000-8000-000000000102';
const NOW = new Date('2026-05-01T13:55:00.000Z');

const created: DomainEvent = {
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
const signedUp = (userId: string): DomainEvent => ({
  type: 'UserSignedUp',
  data: { v: 1, opportunityId: OPP, userId, byUserId: userId, at: '2026-04-02T12:00:00.000Z' },
});

const fold = (events: readonly DomainEvent[]): CheckInState =>
  events.reduce(checkInDecider.evolve, checkInDecider.initialState());
const checkIn = (userId: string, events: readonly DomainEvent[]) =>
  checkInDecider.decide(
    { type: 'CheckIn', actor: { userId, admin: false }, now: NOW },
    fold(events),
  );

describe('the check-in decider', () => {
  it('checks a registered participant in once', () => {
    const events = checkIn(U1, [created, signedUp(U1)]);
    expect(events).toEqual([
      {
        type: 'ParticipantCheckedIn',
        data: { v: 1, opportunityId: OPP, userId: U1, checkedInAt: NOW.toISOString() },
      },
    ]);
    expect(checkIn(U1, [created, signedUp(U1), ...events])).toEqual([]);
  });

  it('refuses someone not registered, a missing opportunity and a submitted attendance', () => {
    expect(() => checkIn(U2, [created, signedUp(U1)])).toThrow(ForbiddenError);
    expect(() => checkIn(U2, [created, signedUp(U1)])).toThrow(texts.checkIn.errors.notRegistered);
    expect(() => checkIn(U1, [])).toThrow(NotFoundError);
    const marked = {
      type: 'AttendanceMarked',
      data: { opportunityId: OPP },
    } as unknown as DomainEvent;
    expect(() => checkIn(U1, [created, signedUp(U1), marked])).toThrow(ConflictError);
  });

  it('refuses someone who checked in and was unregistered since, without answering a success', () => {
    const checkedIn: DomainEvent = {
      type: 'ParticipantCheckedIn',
      data: { v: 1, opportunityId: OPP, userId: U1, checkedInAt: NOW.toISOString() },
    };
    const unregistered: DomainEvent = {
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
    const when = () => checkIn(U1, [created, signedUp(U1), checkedIn, unregistered]);
    expect(when).toThrow(ForbiddenError);
    expect(when).toThrow(texts.checkIn.errors.notRegistered);
    // Still registered: a second check-in is answered as already done, and records nothing.
    expect(checkIn(U1, [created, signedUp(U1), checkedIn])).toEqual([]);
  });

  it('given an unapproved opportunity, when a participant checks in, then 409 and no check-in', () => {
    const unapproved = { ...created, data: { ...created.data, approved: false } } as DomainEvent;
    const when = () => checkIn(U1, [unapproved, signedUp(U1)]);
    expect(when).toThrow(ConflictError);
    expect(when).toThrow(texts.opportunities.integrity.checkInNeedsApproval);
    const approved: DomainEvent = {
      type: 'OpportunityApproved',
      data: { v: 1, opportunityId: OPP },
    };
    expect(checkIn(U1, [unapproved, signedUp(U1), approved])).toHaveLength(1);
  });
});
