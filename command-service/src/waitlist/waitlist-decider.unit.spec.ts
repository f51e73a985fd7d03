import { describe, expect, it } from 'vitest';
import {
  opportunityMessages,
  texts,
  updateOpportunitySchema,
  type OpportunityCreated,
} from '@campus/contracts';
import { ConflictError, ForbiddenError } from '../errors';
import { opportunityDecider, type OpportunityCommand } from '../opportunities/opportunity-decider';
import type { OpportunityEvent } from '../opportunities/opportunity-state';
import { deciderSpec } from '../testing/decider-spec';

const OPP = '0b6f4c1d-0000-4000-8000-000000000001';
const HOST = '0b6f4c1d-0000-4000-8000-0000000000a1';
const ADMIN_ID = '0b6f4c1d-0000-4000-8000-0000000000a2';
const ORG = '0b6f4c1d-0000-4000-8000-0000000000c1';
const user = (n: number) => `0b6f4c1d-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [U1, U2, U3, U4] = [user(101), user(102), user(103), user(104)];

const host = { userId: HOST, admin: false };
const admin = { userId: ADMIN_ID, admin: true };
const student = (id: string) => ({ userId: id, admin: false });

const START = '2026-05-01T14:00:00.000Z';
const hoursBefore = (h: number) => new Date(Date.parse(START) - h * 3_600_000);
const EARLY = hoursBefore(48);

const created = (overrides: Partial<OpportunityCreated> = {}): OpportunityEvent => ({
  type: 'OpportunityCreated',
  data: {
    v: 1,
    opportunityId: OPP,
    hostUserId: HOST,
    hostOrgId: ORG,
    approved: true,
    createdAt: '2026-04-01T12:00:00.000Z',
    name: 'Park clean-up',
    description: 'Bring gloves',
    nonprofit: null,
    address: null,
    date: '2026-05-01',
    time: '10:00',
    startsAt: START,
    durationMinutes: 90,
    totalSlots: 2,
    causes: ['Environment & Sustainability'],
    tags: [],
    qualifications: [],
    visibility: [],
    redirectUrl: null,
    imageUrl: null,
    ...overrides,
  },
});
const signedUp = (userId: string): OpportunityEvent => ({
  type: 'UserSignedUp',
  data: { v: 1, opportunityId: OPP, userId, byUserId: userId, at: '2026-04-02T12:00:00.000Z' },
});
const joined = (userId: string): OpportunityEvent => ({
  type: 'WaitlistJoined',
  data: { v: 1, opportunityId: OPP, userId, byUserId: userId, at: '2026-04-02T13:00:00.000Z' },
});
const left = (userId: string): OpportunityEvent => ({
  type: 'WaitlistLeft',
  data: { v: 1, opportunityId: OPP, userId, byUserId: userId, at: '2026-04-02T14:00:00.000Z' },
});

/** Waitlist commands are decided on the opportunity's stream, by the opportunity decider. */
const spec = deciderSpec(opportunityDecider);
/** The opportunity's state after `events` (its waitlist and participants). */
const stateOf = (events: OpportunityEvent[]) =>
  events.reduce(opportunityDecider.evolve, opportunityDecider.initialState());

const join = (userId: string, now = EARLY, orgs: string[] = []): OpportunityCommand => ({
  type: 'JoinWaitlist',
  actor: student(userId),
  userId,
  userOrganizationIds: new Set(orgs),
  now,
});
const unregister = (userId: string, now = EARLY, actor = student(userId)): OpportunityCommand => ({
  type: 'UnregisterFromOpportunity',
  actor,
  userId,
  now,
});
const full = [created(), signedUp(U1), signedUp(U2)];

describe('joining and leaving the waitlist', () => {
  it('a full opportunity takes the caller on its waitlist, in order', () => {
    spec
      .given(full)
      .when(join(U3))
      .then([
        {
          type: 'WaitlistJoined',
          data: { v: 1, opportunityId: OPP, userId: U3, byUserId: U3, at: EARLY.toISOString() },
        },
      ]);
    expect(stateOf([...full, joined(U3), joined(U4)]).waitlist).toEqual([U3, U4]);
  });

  it('refuses while slots are left, twice, for participants, and inside 7 hours', () => {
    spec
      .given([created(), signedUp(U1)])
      .when(join(U3))
      .thenThrows(ConflictError, texts.waitlist.errors.notFull);
    spec
      .given([...full, joined(U3)])
      .when(join(U3))
      .thenThrows(ConflictError, texts.waitlist.errors.alreadyWaiting);
    spec
      .given(full)
      .when(join(U1))
      .thenThrows(ConflictError, opportunityMessages.alreadyRegistered);
    spec
      .given(full)
      .when(join(U3, hoursBefore(7)))
      .thenThrows(ConflictError, texts.waitlist.errors.closed);
    spec
      .given(full)
      .when(join(U3, hoursBefore(0)))
      .thenThrows(ConflictError, opportunityMessages.started);
  });

  it('a private opportunity is joined only by members, and nobody joins for someone else', () => {
    const privateFull = [created({ visibility: [ORG] }), signedUp(U1), signedUp(U2)];
    spec.given(privateFull).when(join(U3)).thenThrows(ForbiddenError);
    spec
      .given(privateFull)
      .when(join(U3, EARLY, [ORG]))
      .then((events) => expect(events).toHaveLength(1));
    spec
      .given(full)
      .when({ ...join(U3), actor: student(U4) } as OpportunityCommand)
      .thenThrows(ForbiddenError);
  });

  it('leaving takes the caller off; leaving when not waiting is a conflict', () => {
    spec
      .given([...full, joined(U3)])
      .when({ type: 'LeaveWaitlist', actor: student(U3), userId: U3, now: EARLY })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['WaitlistLeft']));
    expect(stateOf([...full, joined(U3), left(U3)]).waitlist).toEqual([]);
    spec
      .given(full)
      .when({ type: 'LeaveWaitlist', actor: student(U3), userId: U3, now: EARLY })
      .thenThrows(ConflictError);
  });
});

describe('promotion when a slot frees', () => {
  it('an unregistration registers the first person waiting in the same decision', () => {
    const waiting = [...full, joined(U3), joined(U4)];
    const events = spec.given(waiting).when(unregister(U1)).decided();
    expect(events.map((e) => [e.type, 'userId' in e.data ? e.data.userId : null])).toEqual([
      ['UserUnregistered', U1],
      ['UserSignedUp', U3],
      ['WaitlistPromoted', U3],
    ]);
    expect(events[2]?.data).toMatchObject({
      reason: 'unregistration',
      opportunityName: 'Park clean-up',
      startsAt: START,
    });
    const after = stateOf([...waiting, ...events]);
    expect(after.participants).toEqual([U2, U3]);
    expect(after.waitlist).toEqual([U4]);
  });

  it('nobody is promoted inside the 7-hour window (a host unregistering someone late)', () => {
    spec
      .given([...full, joined(U3)])
      .when(unregister(U1, hoursBefore(3), host))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['UserUnregistered']));
  });

  it('raising the slots promotes as many people as slots were added', () => {
    const edit = updateOpportunitySchema.parse({ total_slots: 4 });
    spec
      .given([...full, joined(U3), joined(U4), joined(user(105))])
      .when({ type: 'UpdateOpportunity', actor: host, edit, now: EARLY, newId: () => 'unused' })
      .then((events) => {
        expect(events.filter((e) => e.type === 'WaitlistPromoted').map((e) => e.data)).toEqual([
          expect.objectContaining({ userId: U3, reason: 'slots-raised' }),
          expect.objectContaining({ userId: U4, reason: 'slots-raised' }),
        ]);
        expect(events.filter((e) => e.type === 'UserSignedUp')).toHaveLength(2);
      });
  });

  it('a promoted signup counts for the first-signup bonus like any signup', () => {
    const oneSlot = [created({ totalSlots: 1 }), signedUp(U1), joined(U2)];
    const promotion = spec.given(oneSlot).when(unregister(U1)).decided();
    spec
      .given([...oneSlot, ...promotion])
      .when({
        type: 'MarkAttendance',
        actor: admin,
        userIds: [U2],
        durationMinutes: 90,
        now: hoursBefore(-2),
      })
      .then(([attendance]) =>
        expect(attendance?.data).toMatchObject({ firstSignupBonus: { userId: U2, points: 5 } }),
      );
  });

  it('a direct signup ends the wait', () => {
    const state = stateOf([created({ totalSlots: 3 }), joined(U3), signedUp(U3)]);
    expect(state.waitlist).toEqual([]);
    expect(state.participants).toEqual([U3]);
  });
});
