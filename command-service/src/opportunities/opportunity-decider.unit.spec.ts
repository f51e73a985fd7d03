import { describe, expect, it } from 'vitest';
import {
  opportunityMessages,
  texts,
  updateOpportunitySchema,
  type OpportunityCreated,
} from '@campus/contracts';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  OpportunityFullError,
  ValidationError,
} from '../errors';
import { deciderSpec } from '../testing/decider-spec';
import { opportunityDecider, type OpportunityCommand } from './opportunity-decider';
import type { OpportunityEvent } from './opportunity-state';

const OPP = '0b6f4c1d-0000-4000-8000-000000000001';
const HOST = '0b6f4c1d-0000-4000-8000-0000000000a1';
const ADMIN_ID = '0b6f4c1d-0000-4000-8000-0000000000a2';
const ORG = '0b6f4c1d-0000-4000-8000-0000000000c1';
const ORG_2 = '0b6f4c1d-0000-4000-8000-0000000000c2';
const user = (n: number) => `0b6f4c1d-0000-4000-8000-${String(n).padStart(12, '0')}`;
const [U1, U2, U3, U4] = [user(101), user(102), user(103), user(104)];

const host = { userId: HOST, admin: false };
const admin = { userId: ADMIN_ID, admin: true };
const student = (id: string) => ({ userId: id, admin: false });

/** Starts 2026-05-01 10:00 Eastern (EDT), i.e. 14:00 UTC. */
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
    totalSlots: 3,
    causes: ['Environment & Sustainability'],
    tags: [],
    qualifications: [],
    visibility: [],
    redirectUrl: null,
    imageUrl: null,
    ...overrides,
  },
});
const signedUp = (userId: string, at = '2026-04-02T12:00:00.000Z'): OpportunityEvent => ({
  type: 'UserSignedUp',
  data: { v: 1, opportunityId: OPP, userId, byUserId: userId, at },
});
const unregistered = (userId: string): OpportunityEvent => ({
  type: 'UserUnregistered',
  data: {
    v: 1,
    opportunityId: OPP,
    userId,
    byUserId: userId,
    at: '2026-04-03T12:00:00.000Z',
    late: false,
  },
});
const deleted: OpportunityEvent = {
  type: 'OpportunityDeleted',
  data: { v: 1, opportunityId: OPP },
};

const integrity = texts.opportunities.integrity;

/** Given events / when command / then events (or the error thrown). */
const spec = deciderSpec(opportunityDecider);

/** The fields a ValidationError names. */
const fieldsOf = (error: ValidationError): string[] =>
  (error.fieldErrors ?? []).map((f) => f.field);

const decidesOne = (events: OpportunityEvent[]) => {
  expect(events).toHaveLength(1);
};

const signUp = (
  userId: string,
  now: Date = EARLY,
  actor = student(userId),
  userOrganizationIds: ReadonlySet<string> = new Set(),
): OpportunityCommand => ({
  type: 'SignUpForOpportunity',
  actor,
  userId,
  userOrganizationIds,
  now,
});
const unregister = (userId: string, now: Date, actor = student(userId)): OpportunityCommand => ({
  type: 'UnregisterFromOpportunity',
  actor,
  userId,
  now,
});
const attendance = (
  userIds: string[],
  now = hoursBefore(-2),
  actor: { userId: string; admin: boolean } = host,
  durationMinutes = 120,
): OpportunityCommand => ({ type: 'MarkAttendance', actor, userIds, durationMinutes, now });
const edit = (
  body: unknown,
  actor: { userId: string; admin: boolean } = host,
  now: Date = EARLY,
): OpportunityCommand => {
  let n = 0;
  return {
    type: 'UpdateOpportunity',
    actor,
    edit: updateOpportunitySchema.parse(body),
    now,
    newId: () => `0b6f4c1d-0000-4000-8000-0000000ff${String(++n).padStart(3, '0')}`,
  };
};

const create = (now: Date = EARLY, event = created()): OpportunityCommand => ({
  type: 'CreateOpportunity',
  opportunity: event.data as OpportunityCreated,
  now,
});

describe('create', () => {
  it('given nothing, when CreateOpportunity, then OpportunityCreated', () => {
    const event = created();
    spec.given().when(create(EARLY, event)).then([event]);
  });

  it('refuses to create the same id twice', () => {
    spec.given([created()]).when(create()).thenThrows(ConflictError);
  });

  it('given nothing, when the start is already past (or now), then 400 naming date', () => {
    for (const now of [hoursBefore(-24), new Date(START)]) {
      spec
        .given()
        .when(create(now))
        .thenThrows(ValidationError, integrity.startInPast, (error) =>
          expect(fieldsOf(error)).toEqual(['date']),
        );
    }
    spec
      .given()
      .when(create(new Date(Date.parse(START) - 60_000)))
      .then(decidesOne);
  });
});

describe('sign up', () => {
  it('signs a user up while slots are left and the event has not started', () => {
    spec
      .given([created()])
      .when(signUp(U1))
      .then([
        {
          type: 'UserSignedUp',
          data: { v: 1, opportunityId: OPP, userId: U1, byUserId: U1, at: EARLY.toISOString() },
        },
      ]);
  });

  it('refuses a second signup of the same user with 409', () => {
    spec
      .given([created(), signedUp(U1)])
      .when(signUp(U1))
      .thenThrows(ConflictError, opportunityMessages.alreadyRegistered);
  });

  it('answers full (409 with the full marker) when no slot is left; the host takes no slot', () => {
    const events = [created(), signedUp(U1), signedUp(U2), signedUp(U3)];
    spec
      .given(events)
      .when(signUp(U4))
      .thenThrows(OpportunityFullError, opportunityMessages.full, (error) =>
        expect(error).toBeInstanceOf(ConflictError),
      );
    // Three slots and the host, who is not a participant: the third user still gets the last slot.
    spec
      .given([created(), signedUp(U1), signedUp(U2)])
      .when(signUp(U3))
      .then(decidesOne);
  });

  it('answers an admin registering another user at capacity with the exact message', () => {
    const events = [created(), signedUp(U1), signedUp(U2), signedUp(U3)];
    spec
      .given(events)
      .when(signUp(U4, EARLY, admin))
      .thenThrows(OpportunityFullError, 'This event has reached its maximum capacity.');
  });

  it('lets an admin register another user, recording who did it', () => {
    spec
      .given([created()])
      .when(signUp(U1, EARLY, admin))
      .then(([event]) =>
        expect(event).toMatchObject({
          type: 'UserSignedUp',
          data: { userId: U1, byUserId: ADMIN_ID },
        }),
      );
  });

  it('refuses a plain user registering someone else with 403', () => {
    spec
      .given([created()])
      .when(signUp(U1, EARLY, student(U2)))
      .thenThrows(ForbiddenError);
  });

  it("refuses once the event has started: 'Event Already Started'", () => {
    spec
      .given([created()])
      .when(signUp(U1, new Date(START)))
      .thenThrows(ConflictError, opportunityMessages.started);
    spec
      .given([created()])
      .when(signUp(U1, hoursBefore(-1)))
      .thenThrows(ConflictError);
    spec
      .given([created()])
      .when(signUp(U1, new Date(Date.parse(START) - 1)))
      .then(decidesOne);
  });

  it('hides an unapproved opportunity from plain users (404) but not from its host or admins', () => {
    const events = [created({ approved: false })];
    spec.given(events).when(signUp(U1)).thenThrows(NotFoundError);
    spec
      .given(events)
      .when(signUp(HOST, EARLY, host))
      .then(decidesOne);
    spec
      .given(events)
      .when(signUp(ADMIN_ID, EARLY, admin))
      .then(decidesOne);
  });

  it('lets only members of a listed organization sign up for a private opportunity', () => {
    const events = [created({ visibility: [ORG, ORG_2] })];
    spec.given(events).when(signUp(U1)).thenThrows(ForbiddenError);
    spec
      .given(events)
      .when(signUp(U1, EARLY, student(U1), new Set([ORG_2])))
      .then(decidesOne);
    spec
      .given(events)
      .when(signUp(U1, EARLY, admin))
      .then(decidesOne);
  });

  it('answers 404 for an unknown or deleted opportunity', () => {
    spec.given().when(signUp(U1)).thenThrows(NotFoundError);
    spec
      .given([created(), deleted])
      .when(signUp(U1))
      .thenThrows(NotFoundError, 'Opportunity not found.');
  });

  it('gives a freed slot back after an unregistration', () => {
    const events = [created(), signedUp(U1), signedUp(U2), signedUp(U3), unregistered(U2)];
    spec.given(events).when(signUp(U4)).then(decidesOne);
  });
});

describe('unregister and the 7-hour cut-off', () => {
  const registered = [created(), signedUp(U1)];

  it('lets a user unregister while the start is more than 7 hours away', () => {
    const now = new Date(Date.parse(START) - 7 * 3_600_000 - 1);
    spec
      .given(registered)
      .when(unregister(U1, now))
      .then([
        {
          type: 'UserUnregistered',
          data: {
            v: 1,
            opportunityId: OPP,
            userId: U1,
            byUserId: U1,
            at: now.toISOString(),
            late: false,
          },
        },
      ]);
  });

  it('refuses a plain user exactly 7 hours before, inside the window and after the start', () => {
    for (const now of [hoursBefore(7), hoursBefore(3), hoursBefore(-1)]) {
      spec
        .given(registered)
        .when(unregister(U1, now))
        .thenThrows(
          ConflictError,
          'Unregistration closed within 7 hours of event. Contact organizer if you need to cancel.',
        );
    }
  });

  it('exempts the host and admins, marking the unregistration late', () => {
    for (const actor of [host, admin]) {
      spec
        .given(registered)
        .when(unregister(U1, hoursBefore(2), actor))
        .then(([event]) =>
          expect(event).toMatchObject({
            type: 'UserUnregistered',
            data: { userId: U1, byUserId: actor.userId, late: true },
          }),
        );
    }
    spec
      .given(registered)
      .when(unregister(U1, hoursBefore(-1), host))
      .then(([afterStart]) => expect(afterStart).toMatchObject({ data: { late: true } }));
  });

  it('lets the host unregister themselves inside the window when signed up as a participant', () => {
    spec
      .given([created(), signedUp(HOST)])
      .when(unregister(HOST, hoursBefore(1), host))
      .then(([event]) => expect(event).toMatchObject({ data: { userId: HOST, late: true } }));
  });

  it('refuses a plain user unregistering someone else (403), and an unregistered user (409)', () => {
    spec
      .given(registered)
      .when(unregister(U1, EARLY, student(U2)))
      .thenThrows(ForbiddenError);
    spec
      .given(registered)
      .when(unregister(U2, EARLY))
      .thenThrows(ConflictError, opportunityMessages.notRegistered);
    spec
      .given(registered)
      .when(unregister(U2, EARLY, host))
      .thenThrows(ConflictError, opportunityMessages.userNotRegistered);
  });

  it('refuses after attendance was submitted, and on a deleted opportunity', () => {
    const marked = spec
      .given(registered)
      .when(attendance([U1]))
      .decided();
    spec
      .given([...registered, ...marked])
      .when(unregister(U1, EARLY, admin))
      .thenThrows(ConflictError, opportunityMessages.attendanceAlreadySubmitted);
    spec
      .given([...registered, deleted])
      .when(unregister(U1, EARLY))
      .thenThrows(NotFoundError);
  });
});

describe('attendance', () => {
  const three = [
    created(),
    signedUp(U1, '2026-04-02T10:00:00.000Z'),
    signedUp(U2, '2026-04-02T11:00:00.000Z'),
    signedUp(U3, '2026-04-02T12:00:00.000Z'),
  ];

  it('marks attended and absent participants, with the bonus to the earliest signup who attended', () => {
    const now = hoursBefore(-2);
    spec
      .given(three)
      .when(attendance([U2, U1], now, host, 75))
      .then([
        {
          type: 'AttendanceMarked',
          data: {
            v: 1,
            opportunityId: OPP,
            markedBy: HOST,
            durationMinutes: 75,
            attendedUserIds: [U1, U2],
            absentUserIds: [U3],
            firstSignupBonus: { userId: U1, points: 5 },
            opportunityDate: '2026-05-01',
            at: now.toISOString(),
          },
        },
      ]);
  });

  it('gives no bonus when the earliest signup still registered was absent', () => {
    spec
      .given(three)
      .when(attendance([U2, U3]))
      .then(([event]) =>
        expect(event).toMatchObject({ data: { firstSignupBonus: null, absentUserIds: [U1] } }),
      );
  });

  it('moves the bonus to the next signup when the earliest unregistered, even if they signed up again', () => {
    const events = [...three, unregistered(U1), signedUp(U1, '2026-04-04T10:00:00.000Z')];
    spec
      .given(events)
      .when(attendance([U1, U2, U3]))
      .then(([event]) =>
        expect(event).toMatchObject({
          data: { attendedUserIds: [U2, U3, U1], firstSignupBonus: { userId: U2, points: 5 } },
        }),
      );
  });

  it('is refused before the start (409), for anyone but the host or an admin (403), and twice (409)', () => {
    spec
      .given(three)
      .when(attendance([U1], hoursBefore(1)))
      .thenThrows(ConflictError, opportunityMessages.notStartedForAttendance);
    spec
      .given(three)
      .when(attendance([U1], hoursBefore(-1), student(U1)))
      .thenThrows(ForbiddenError);
    spec
      .given(three)
      .when(attendance([U1], hoursBefore(-1), admin))
      .then(decidesOne);
    const marked = spec
      .given(three)
      .when(attendance([U1]))
      .decided();
    spec
      .given([...three, ...marked])
      .when(attendance([U2]))
      .thenThrows(ConflictError, 'Attendance has already been submitted.');
  });

  it('given an unapproved opportunity, when its host or an admin marks attendance, then 409', () => {
    const unapproved = [created({ approved: false }), signedUp(HOST), signedUp(U1)];
    for (const actor of [host, admin]) {
      spec
        .given(unapproved)
        .when(attendance([HOST, U1], hoursBefore(-1), actor))
        .thenThrows(ConflictError, integrity.attendanceNeedsApproval);
    }
    const unapprovedLater: OpportunityEvent[] = [
      ...three,
      { type: 'OpportunityUnapproved', data: { v: 1, opportunityId: OPP } },
    ];
    spec
      .given(unapprovedLater)
      .when(attendance([U1]))
      .thenThrows(ConflictError, integrity.attendanceNeedsApproval);
    const approvedLater: OpportunityEvent = {
      type: 'OpportunityApproved',
      data: { v: 1, opportunityId: OPP },
    };
    spec
      .given([...unapproved, approvedLater])
      .when(attendance([U1]))
      .then(decidesOne);
  });

  it('names user ids that are not registered participants (400)', () => {
    const outsider = user(999);
    spec
      .given(three)
      .when(attendance([U1, outsider]))
      .thenThrows(ValidationError, `Not registered for this opportunity: ${outsider}`);
  });

  it('drops the host, listed as present by the UI, when the host is not a participant', () => {
    spec
      .given(three)
      .when(attendance([HOST, U1]))
      .then(([event]) => expect(event).toMatchObject({ data: { attendedUserIds: [U1] } }));
  });

  it('accepts an opportunity without participants', () => {
    spec
      .given([created()])
      .when(attendance([]))
      .then(([event]) =>
        expect(event).toMatchObject({
          data: { attendedUserIds: [], absentUserIds: [], firstSignupBonus: null },
        }),
      );
  });
});

describe('edit', () => {
  it('appends only the changed fields, and nothing when nothing changes', () => {
    spec
      .given([created()])
      .when(edit({ name: 'Park clean-up', total_slots: 3 }))
      .thenNothingHappened();
    spec
      .given([created()])
      .when(edit({ name: 'River clean-up', duration: 30 }))
      .then([
        {
          type: 'OpportunityUpdated',
          data: {
            v: 1,
            opportunityId: OPP,
            changes: { name: 'River clean-up', durationMinutes: 30 },
          },
        },
      ]);
  });

  it('sends an approved opportunity back for approval when its host lengthens it', () => {
    const unapproved: OpportunityEvent = {
      type: 'OpportunityUnapproved',
      data: { v: 1, opportunityId: OPP },
    };
    spec
      .given([created()])
      .when(edit({ duration: 1499 }))
      .then([
        {
          type: 'OpportunityUpdated',
          data: { v: 1, opportunityId: OPP, changes: { durationMinutes: 1499 } },
        },
        unapproved,
      ]);
    // Shorter, or lengthened by an admin, or not approved yet: the approval is left alone.
    const leavesApproval = (events: OpportunityEvent[]) =>
      expect(events).not.toContainEqual(unapproved);
    spec
      .given([created()])
      .when(edit({ duration: 30 }))
      .then(leavesApproval);
    spec
      .given([created()])
      .when(edit({ duration: 1499 }, admin))
      .then(leavesApproval);
    spec
      .given([created({ approved: false })])
      .when(edit({ duration: 1499 }))
      .then(leavesApproval);
  });

  it('recomputes the start instant when the date or time changes (Eastern, EST in winter)', () => {
    spec
      .given([created()])
      .when(edit({ date: '2026-12-01T09:30' }))
      .then(([event]) =>
        expect(event).toMatchObject({
          data: {
            changes: { date: '2026-12-01', time: '09:30', startsAt: '2026-12-01T14:30:00.000Z' },
          },
        }),
      );
  });

  it('stores a blank redirect URL as null', () => {
    spec
      .given([created({ redirectUrl: 'https://example.org/x' })])
      .when(edit({ redirect_url: '  ' }))
      .then(([event]) => expect(event).toMatchObject({ data: { changes: { redirectUrl: null } } }));
  });

  it('never sets the slot limit below the current participants', () => {
    const events = [created({ totalSlots: 5 }), signedUp(U1), signedUp(U2), signedUp(U3)];
    spec
      .given(events)
      .when(edit({ total_slots: 2 }))
      .thenThrows(
        ConflictError,
        'Cannot set slot limit lower than current number of participants (3).',
      );
    spec
      .given(events)
      .when(edit({ total_slots: 3 }))
      .then([
        {
          type: 'OpportunityUpdated',
          data: { v: 1, opportunityId: OPP, changes: { totalSlots: 3 } },
        },
      ]);
  });

  it('lets only the host or an admin edit, and only admins change approval', () => {
    spec
      .given([created()])
      .when(edit({ name: 'X' }, student(U1)))
      .thenThrows(ForbiddenError);
    spec
      .given([created()])
      .when(edit({ approved: false }))
      .thenThrows(ForbiddenError);
    // An unchanged `approved` sent along by the host's form is no change at all.
    spec
      .given([created()])
      .when(edit({ approved: true }))
      .thenNothingHappened();
    spec
      .given([created()])
      .when(edit({ approved: false }, admin))
      .then([{ type: 'OpportunityUnapproved', data: { v: 1, opportunityId: OPP } }]);
    spec
      .given([created({ approved: false })])
      .when(edit({ approved: true }, admin))
      .then([{ type: 'OpportunityApproved', data: { v: 1, opportunityId: OPP } }]);
  });

  it('turns the full comments list into the announcements it adds or removes', () => {
    const posted = (id: string, text: string): OpportunityEvent => ({
      type: 'AnnouncementPosted',
      data: {
        v: 1,
        opportunityId: OPP,
        announcementId: id,
        text,
        postedBy: HOST,
        postedAt: '2026-04-05T12:00:00.000Z',
      },
    });
    const A = '0b6f4c1d-0000-4000-8000-0000000ee001';
    const B = '0b6f4c1d-0000-4000-8000-0000000ee002';
    const events = [created(), posted(A, 'Bring water'), posted(B, 'Meet at gate 2')];
    spec
      .given(events)
      .when(edit({ comments: ['Bring water', 'Meet at gate 2'] }))
      .thenNothingHappened();
    spec
      .given(events)
      .when(edit({ comments: ['Meet at gate 2', ' Parking is free '] }))
      .then([
        { type: 'AnnouncementRemoved', data: { v: 1, opportunityId: OPP, announcementId: A } },
        {
          type: 'AnnouncementPosted',
          data: {
            v: 1,
            opportunityId: OPP,
            announcementId: '0b6f4c1d-0000-4000-8000-0000000ff001',
            text: 'Parking is free',
            postedBy: HOST,
            postedAt: EARLY.toISOString(),
          },
        },
      ]);
  });

  it('answers 404 for a deleted opportunity', () => {
    spec
      .given([created(), deleted])
      .when(edit({ name: 'X' }))
      .thenThrows(NotFoundError, 'Opportunity not found.');
  });
});

describe('edit: the start never moves into the past', () => {
  const yesterday = '2026-04-30T10:00';

  it('given a future opportunity, when the host or an admin backdates it, then 400 naming date', () => {
    for (const actor of [host, admin]) {
      spec
        .given([created()])
        .when(edit({ date: yesterday }, actor, hoursBefore(1)))
        .thenThrows(ValidationError, integrity.startInPast, (error) =>
          expect(fieldsOf(error)).toEqual(['date']),
        );
    }
  });

  it('given the start is today, when only the time moves before now, then 400 naming time', () => {
    const now = hoursBefore(1);
    spec
      .given([created()])
      .when(edit({ date: '2026-05-01', time: '08:00' }, host, now))
      .thenThrows(ValidationError, integrity.startInPast, (error) =>
        expect(fieldsOf(error)).toEqual(['time']),
      );
    spec
      .given([created()])
      .when(edit({ date: '2026-05-01', time: '11:00' }, host, now))
      .then(decidesOne);
  });

  it('given a started opportunity, when it moves to the future or other fields change, then it is accepted', () => {
    const now = hoursBefore(-1);
    spec
      .given([created()])
      .when(edit({ date: '2026-05-02T10:00' }, host, now))
      .then((events) =>
        expect(events).toMatchObject([
          { type: 'OpportunityUpdated', data: { changes: { date: '2026-05-02' } } },
        ]),
      );
    spec
      .given([created()])
      .when(edit({ description: 'Bring water' }, host, now))
      .then([
        {
          type: 'OpportunityUpdated',
          data: { v: 1, opportunityId: OPP, changes: { description: 'Bring water' } },
        },
      ]);
    // Sending the unchanged past start along with a fix is no move at all.
    spec
      .given([created()])
      .when(edit({ date: '2026-05-01', time: '10:00', name: 'X' }, host, now))
      .then(decidesOne);
  });
});

describe('edit: the schedule is fixed once attendance is marked', () => {
  const afterStart = hoursBefore(-3);
  const marked = (): OpportunityEvent[] => {
    const events = [created(), signedUp(U1)];
    return [
      ...events,
      ...spec
        .given(events)
        .when(attendance([U1]))
        .decided(),
    ];
  };

  it('given attendance was marked, when the date, time or duration changes, then 409', () => {
    for (const body of [
      { date: '2026-06-01T10:00' },
      { date: '2026-05-01', time: '18:00' },
      { duration: 600 },
    ]) {
      for (const actor of [host, admin]) {
        spec
          .given(marked())
          .when(edit(body, actor, afterStart))
          .thenThrows(ConflictError, integrity.scheduleFixedAfterAttendance);
      }
    }
  });

  it('given attendance was marked, when other fields change or the schedule is resent unchanged, then accepted', () => {
    spec
      .given(marked())
      .when(
        edit(
          { description: 'Thanks all', date: '2026-05-01', time: '10:00', duration: 90 },
          host,
          afterStart,
        ),
      )
      .then([
        {
          type: 'OpportunityUpdated',
          data: { v: 1, opportunityId: OPP, changes: { description: 'Thanks all' } },
        },
      ]);
  });
});

describe('delete, approval and announcements', () => {
  it('deletes for the host or an admin only, once', () => {
    spec.given([created()]).when({ type: 'DeleteOpportunity', actor: host }).then([deleted]);
    spec
      .given([created()])
      .when({ type: 'DeleteOpportunity', actor: student(U1) })
      .thenThrows(ForbiddenError);
    spec
      .given([created(), deleted])
      .when({ type: 'DeleteOpportunity', actor: admin })
      .thenThrows(NotFoundError);
  });

  it('approves for admins only and appends nothing when unchanged', () => {
    const approve = (actor: { userId: string; admin: boolean }): OpportunityCommand => ({
      type: 'SetOpportunityApproval',
      actor,
      approved: true,
    });
    spec
      .given([created({ approved: false })])
      .when(approve(admin))
      .then([{ type: 'OpportunityApproved', data: { v: 1, opportunityId: OPP } }]);
    spec.given([created()]).when(approve(admin)).thenNothingHappened();
    spec
      .given([created({ approved: false })])
      .when(approve(host))
      .thenThrows(ForbiddenError);
  });

  it('posts a trimmed, non-blank announcement by the host or an admin', () => {
    const post = (text: string, actor = host): OpportunityCommand => ({
      type: 'PostAnnouncement',
      actor,
      announcementId: '0b6f4c1d-0000-4000-8000-0000000dd001',
      text,
      now: EARLY,
    });
    spec
      .given([created()])
      .when(post('  Bring gloves  '))
      .then((events) =>
        expect(events).toMatchObject([
          { type: 'AnnouncementPosted', data: { text: 'Bring gloves', postedBy: HOST } },
        ]),
      );
    spec.given([created()]).when(post('   ')).thenThrows(ValidationError);
    spec
      .given([created()])
      .when(post('Hi', student(U1)))
      .thenThrows(ForbiddenError);
  });
});
