import { describe, expect, it } from 'vitest';
import {
  opportunityMessages,
  texts,
  updateOpportunitySchema,
  type DomainEvent,
  type OpportunityCreated,
} from '@campus/contracts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@campus/infra';
import { opportunityDecider, type OpportunityCommand } from './opportunity-decider';
import { OpportunityFullError } from './opportunity-errors';

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

const created = (overrides: Partial<OpportunityCreated> = {}): DomainEvent => ({
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
const signedUp = (userId: string, at = '2026-04-02T12:00:00.000Z'): DomainEvent => ({
  type: 'UserSignedUp',
  data: { v: 1, opportunityId: OPP, userId, byUserId: userId, at },
});
const unregistered = (userId: string): DomainEvent => ({
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
const deleted: DomainEvent = { type: 'OpportunityDeleted', data: { v: 1, opportunityId: OPP } };

const integrity = texts.opportunities.integrity;

/** The field errors of a ValidationError thrown by `when`. */
const fieldsOf = (when: () => unknown): string[] => {
  try {
    when();
  } catch (error) {
    if (error instanceof ValidationError) return (error.fieldErrors ?? []).map((f) => f.field);
    throw error;
  }
  throw new Error('expected a ValidationError');
};

/** given events / when command / then events (or the error thrown). */
const given = (events: DomainEvent[]) => ({
  when: (command: OpportunityCommand) => () =>
    opportunityDecider.decide(
      command,
      events.reduce(opportunityDecider.evolve, opportunityDecider.initialState()),
    ),
});

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
    expect(given([]).when(create(EARLY, event))()).toEqual([event]);
  });

  it('refuses to create the same id twice', () => {
    expect(given([created()]).when(create())).toThrow(ConflictError);
  });

  it('given nothing, when the start is already past (or now), then 400 naming date', () => {
    for (const now of [hoursBefore(-24), new Date(START)]) {
      const when = given([]).when(create(now));
      expect(when).toThrow(ValidationError);
      expect(when).toThrow(integrity.startInPast);
      expect(fieldsOf(when)).toEqual(['date']);
    }
    expect(given([]).when(create(new Date(Date.parse(START) - 60_000)))()).toHaveLength(1);
  });
});

describe('sign up', () => {
  it('signs a user up while slots are left and the event has not started', () => {
    expect(given([created()]).when(signUp(U1))()).toEqual([
      {
        type: 'UserSignedUp',
        data: { v: 1, opportunityId: OPP, userId: U1, byUserId: U1, at: EARLY.toISOString() },
      },
    ]);
  });

  it('refuses a second signup of the same user with 409', () => {
    const when = given([created(), signedUp(U1)]).when(signUp(U1));
    expect(when).toThrow(ConflictError);
    expect(when).toThrow(opportunityMessages.alreadyRegistered);
  });

  it('answers full (409 with the full marker) when no slot is left; the host takes no slot', () => {
    const events = [created(), signedUp(U1), signedUp(U2), signedUp(U3)];
    const when = given(events).when(signUp(U4));
    expect(when).toThrow(OpportunityFullError);
    expect(when).toThrow(opportunityMessages.full);
    expect(() => given(events).when(signUp(U4))()).toThrow(ConflictError);
    // Three slots and the host, who is not a participant: the third user still gets the last slot.
    expect(given([created(), signedUp(U1), signedUp(U2)]).when(signUp(U3))()).toHaveLength(1);
  });

  it("answers an admin registering another user at capacity with the spec's exact message", () => {
    const events = [created(), signedUp(U1), signedUp(U2), signedUp(U3)];
    const when = given(events).when(signUp(U4, EARLY, admin));
    expect(when).toThrow(OpportunityFullError);
    expect(when).toThrow('This event has reached its maximum capacity.');
  });

  it('lets an admin register another user, recording who did it', () => {
    const [event] = given([created()]).when(signUp(U1, EARLY, admin))();
    expect(event).toMatchObject({ type: 'UserSignedUp', data: { userId: U1, byUserId: ADMIN_ID } });
  });

  it('refuses a plain user registering someone else with 403', () => {
    expect(given([created()]).when(signUp(U1, EARLY, student(U2)))).toThrow(ForbiddenError);
  });

  it("refuses once the event has started: 'Event Already Started'", () => {
    expect(given([created()]).when(signUp(U1, new Date(START)))).toThrow(
      opportunityMessages.started,
    );
    expect(given([created()]).when(signUp(U1, hoursBefore(-1)))).toThrow(ConflictError);
    expect(given([created()]).when(signUp(U1, new Date(Date.parse(START) - 1)))()).toHaveLength(1);
  });

  it('hides an unapproved opportunity from plain users (404) but not from its host or admins', () => {
    const events = [created({ approved: false })];
    expect(given(events).when(signUp(U1))).toThrow(NotFoundError);
    expect(given(events).when(signUp(HOST, EARLY, host))()).toHaveLength(1);
    expect(given(events).when(signUp(ADMIN_ID, EARLY, admin))()).toHaveLength(1);
  });

  it('lets only members of a listed organization sign up for a private opportunity', () => {
    const events = [created({ visibility: [ORG, ORG_2] })];
    expect(given(events).when(signUp(U1))).toThrow(ForbiddenError);
    expect(given(events).when(signUp(U1, EARLY, student(U1), new Set([ORG_2])))()).toHaveLength(1);
    expect(given(events).when(signUp(U1, EARLY, admin))()).toHaveLength(1);
  });

  it('answers 404 for an unknown or deleted opportunity', () => {
    expect(given([]).when(signUp(U1))).toThrow(NotFoundError);
    expect(given([created(), deleted]).when(signUp(U1))).toThrow('Opportunity not found.');
  });

  it('gives a freed slot back after an unregistration', () => {
    const events = [created(), signedUp(U1), signedUp(U2), signedUp(U3), unregistered(U2)];
    expect(given(events).when(signUp(U4))()).toHaveLength(1);
  });
});

describe('unregister and the 7-hour cut-off', () => {
  const registered = [created(), signedUp(U1)];

  it('lets a user unregister while the start is more than 7 hours away', () => {
    const now = new Date(Date.parse(START) - 7 * 3_600_000 - 1);
    expect(given(registered).when(unregister(U1, now))()).toEqual([
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
      const when = given(registered).when(unregister(U1, now));
      expect(when).toThrow(ConflictError);
      expect(when).toThrow(
        'Unregistration closed within 7 hours of event. Contact organizer if you need to cancel.',
      );
    }
  });

  it('exempts the host and admins, marking the unregistration late', () => {
    for (const actor of [host, admin]) {
      const [event] = given(registered).when(unregister(U1, hoursBefore(2), actor))();
      expect(event).toMatchObject({
        type: 'UserUnregistered',
        data: { userId: U1, byUserId: actor.userId, late: true },
      });
    }
    const [afterStart] = given(registered).when(unregister(U1, hoursBefore(-1), host))();
    expect(afterStart).toMatchObject({ data: { late: true } });
  });

  it('lets the host unregister themselves inside the window when signed up as a participant', () => {
    const [event] = given([created(), signedUp(HOST)]).when(
      unregister(HOST, hoursBefore(1), host),
    )();
    expect(event).toMatchObject({ data: { userId: HOST, late: true } });
  });

  it('refuses a plain user unregistering someone else (403), and an unregistered user (409)', () => {
    expect(given(registered).when(unregister(U1, EARLY, student(U2)))).toThrow(ForbiddenError);
    const when = given(registered).when(unregister(U2, EARLY));
    expect(when).toThrow(ConflictError);
    expect(when).toThrow(opportunityMessages.notRegistered);
    expect(given(registered).when(unregister(U2, EARLY, host))).toThrow(
      opportunityMessages.userNotRegistered,
    );
  });

  it('refuses after attendance was submitted, and on a deleted opportunity', () => {
    const marked = given(registered).when(attendance([U1]))();
    expect(given([...registered, ...marked]).when(unregister(U1, EARLY, admin))).toThrow(
      opportunityMessages.attendanceAlreadySubmitted,
    );
    expect(given([...registered, deleted]).when(unregister(U1, EARLY))).toThrow(NotFoundError);
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
    expect(given(three).when(attendance([U2, U1], now, host, 75))()).toEqual([
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
    const [event] = given(three).when(attendance([U2, U3]))();
    expect(event).toMatchObject({ data: { firstSignupBonus: null, absentUserIds: [U1] } });
  });

  it('moves the bonus to the next signup when the earliest unregistered, even if they signed up again', () => {
    const events = [...three, unregistered(U1), signedUp(U1, '2026-04-04T10:00:00.000Z')];
    const [event] = given(events).when(attendance([U1, U2, U3]))();
    expect(event).toMatchObject({
      data: { attendedUserIds: [U2, U3, U1], firstSignupBonus: { userId: U2, points: 5 } },
    });
  });

  it('is refused before the start (409), for anyone but the host or an admin (403), and twice (409)', () => {
    expect(given(three).when(attendance([U1], hoursBefore(1)))).toThrow(
      opportunityMessages.notStartedForAttendance,
    );
    expect(given(three).when(attendance([U1], hoursBefore(-1), student(U1)))).toThrow(
      ForbiddenError,
    );
    expect(given(three).when(attendance([U1], hoursBefore(-1), admin))()).toHaveLength(1);
    const marked = given(three).when(attendance([U1]))();
    const again = given([...three, ...marked]).when(attendance([U2]));
    expect(again).toThrow(ConflictError);
    expect(again).toThrow('Attendance has already been submitted.');
  });

  it('given an unapproved opportunity, when its host or an admin marks attendance, then 409', () => {
    const unapproved = [created({ approved: false }), signedUp(HOST), signedUp(U1)];
    for (const actor of [host, admin]) {
      const when = given(unapproved).when(attendance([HOST, U1], hoursBefore(-1), actor));
      expect(when).toThrow(ConflictError);
      expect(when).toThrow(integrity.attendanceNeedsApproval);
    }
    const unapprovedLater = [
      ...three,
      { type: 'OpportunityUnapproved', data: { v: 1, opportunityId: OPP } },
    ];
    expect(given(unapprovedLater as DomainEvent[]).when(attendance([U1]))).toThrow(
      integrity.attendanceNeedsApproval,
    );
    const approvedLater: DomainEvent = {
      type: 'OpportunityApproved',
      data: { v: 1, opportunityId: OPP },
    };
    expect(given([...unapproved, approvedLater]).when(attendance([U1]))()).toHaveLength(1);
  });

  it('names user ids that are not registered participants (400)', () => {
    const outsider = user(999);
    const when = given(three).when(attendance([U1, outsider]));
    expect(when).toThrow(ValidationError);
    expect(when).toThrow(outsider);
  });

  it('drops the host, listed as present by the UI, when the host is not a participant', () => {
    const [event] = given(three).when(attendance([HOST, U1]))();
    expect(event).toMatchObject({ data: { attendedUserIds: [U1] } });
  });

  it('accepts an opportunity without participants', () => {
    const [event] = given([created()]).when(attendance([]))();
    expect(event).toMatchObject({
      data: { attendedUserIds: [], absentUserIds: [], firstSignupBonus: null },
    });
  });
});

describe('edit', () => {
  it('appends only the changed fields, and nothing when nothing changes', () => {
    expect(given([created()]).when(edit({ name: 'Park clean-up', total_slots: 3 }))()).toEqual([]);
    expect(given([created()]).when(edit({ name: 'River clean-up', duration: 30 }))()).toEqual([
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
    const unapproved = { type: 'OpportunityUnapproved', data: { v: 1, opportunityId: OPP } };
    expect(given([created()]).when(edit({ duration: 1499 }))()).toEqual([
      {
        type: 'OpportunityUpdated',
        data: { v: 1, opportunityId: OPP, changes: { durationMinutes: 1499 } },
      },
      unapproved,
    ]);
    // Shorter, or lengthened by an admin, or not approved yet: the approval is left alone.
    expect(given([created()]).when(edit({ duration: 30 }))()).not.toContainEqual(unapproved);
    expect(given([created()]).when(edit({ duration: 1499 }, admin))()).not.toContainEqual(
      unapproved,
    );
    expect(
      given([created({ approved: false })]).when(edit({ duration: 1499 }))(),
    ).not.toContainEqual(unapproved);
  });

  it('recomputes the start instant when the date or time changes (Eastern, EST in winter)', () => {
    const [event] = given([created()]).when(edit({ date: '2026-12-01T09:30' }))();
    expect(event).toMatchObject({
      data: {
        changes: { date: '2026-12-01', time: '09:30', startsAt: '2026-12-01T14:30:00.000Z' },
      },
    });
  });

  it('stores a blank redirect URL as null', () => {
    const [event] = given([created({ redirectUrl: 'https://example.org/x' })]).when(
      edit({ redirect_url: '  ' }),
    )();
    expect(event).toMatchObject({ data: { changes: { redirectUrl: null } } });
  });

  it('never sets the slot limit below the current participants', () => {
    const events = [created({ totalSlots: 5 }), signedUp(U1), signedUp(U2), signedUp(U3)];
    const when = given(events).when(edit({ total_slots: 2 }));
    expect(when).toThrow(ConflictError);
    expect(when).toThrow('Cannot set slot limit lower than current number of participants (3).');
    expect(given(events).when(edit({ total_slots: 3 }))()).toEqual([
      {
        type: 'OpportunityUpdated',
        data: { v: 1, opportunityId: OPP, changes: { totalSlots: 3 } },
      },
    ]);
  });

  it('lets only the host or an admin edit, and only admins change approval', () => {
    expect(given([created()]).when(edit({ name: 'X' }, student(U1)))).toThrow(ForbiddenError);
    expect(given([created()]).when(edit({ approved: false }))).toThrow(ForbiddenError);
    // An unchanged `approved` sent along by the host's form is no change at all.
    expect(given([created()]).when(edit({ approved: true }))()).toEqual([]);
    expect(given([created()]).when(edit({ approved: false }, admin))()).toEqual([
      { type: 'OpportunityUnapproved', data: { v: 1, opportunityId: OPP } },
    ]);
    expect(given([created({ approved: false })]).when(edit({ approved: true }, admin))()).toEqual([
      { type: 'OpportunityApproved', data: { v: 1, opportunityId: OPP } },
    ]);
  });

  it('turns the full comments list into the announcements it adds or removes', () => {
    const posted = (id: string, text: string): DomainEvent => ({
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
    expect(given(events).when(edit({ comments: ['Bring water', 'Meet at gate 2'] }))()).toEqual([]);
    expect(
      given(events).when(edit({ comments: ['Meet at gate 2', ' Parking is free '] }))(),
    ).toEqual([
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
    expect(given([created(), deleted]).when(edit({ name: 'X' }))).toThrow('Opportunity not found.');
  });
});

describe('edit: the start never moves into the past', () => {
  const yesterday = '2026-04-30T10:00';

  it('given a future opportunity, when the host or an admin backdates it, then 400 naming date', () => {
    for (const actor of [host, admin]) {
      const when = given([created()]).when(edit({ date: yesterday }, actor, hoursBefore(1)));
      expect(when).toThrow(ValidationError);
      expect(when).toThrow(integrity.startInPast);
      expect(fieldsOf(when)).toEqual(['date']);
    }
  });

  it('given the start is today, when only the time moves before now, then 400 naming time', () => {
    const now = hoursBefore(1);
    const when = given([created()]).when(edit({ date: '2026-05-01', time: '08:00' }, host, now));
    expect(fieldsOf(when)).toEqual(['time']);
    expect(
      given([created()]).when(edit({ date: '2026-05-01', time: '11:00' }, host, now))(),
    ).toHaveLength(1);
  });

  it('given a started opportunity, when it moves to the future or other fields change, then it is accepted', () => {
    const now = hoursBefore(-1);
    expect(given([created()]).when(edit({ date: '2026-05-02T10:00' }, host, now))()).toMatchObject([
      { type: 'OpportunityUpdated', data: { changes: { date: '2026-05-02' } } },
    ]);
    expect(given([created()]).when(edit({ description: 'Bring water' }, host, now))()).toEqual([
      {
        type: 'OpportunityUpdated',
        data: { v: 1, opportunityId: OPP, changes: { description: 'Bring water' } },
      },
    ]);
    // Sending the unchanged past start along with a fix is no move at all.
    expect(
      given([created()]).when(edit({ date: '2026-05-01', time: '10:00', name: 'X' }, host, now))(),
    ).toHaveLength(1);
  });
});

describe('edit: the schedule is fixed once attendance is marked', () => {
  const afterStart = hoursBefore(-3);
  const marked = (): DomainEvent[] => {
    const events = [created(), signedUp(U1)];
    return [...events, ...given(events).when(attendance([U1]))()];
  };

  it('given attendance was marked, when the date, time or duration changes, then 409', () => {
    for (const body of [
      { date: '2026-06-01T10:00' },
      { date: '2026-05-01', time: '18:00' },
      { duration: 600 },
    ]) {
      for (const actor of [host, admin]) {
        const when = given(marked()).when(edit(body, actor, afterStart));
        expect(when).toThrow(ConflictError);
        expect(when).toThrow(integrity.scheduleFixedAfterAttendance);
      }
    }
  });

  it('given attendance was marked, when other fields change or the schedule is resent unchanged, then accepted', () => {
    expect(
      given(marked()).when(
        edit(
          { description: 'Thanks all', date: '2026-05-01', time: '10:00', duration: 90 },
          host,
          afterStart,
        ),
      )(),
    ).toEqual([
      {
        type: 'OpportunityUpdated',
        data: { v: 1, opportunityId: OPP, changes: { description: 'Thanks all' } },
      },
    ]);
  });
});

describe('delete, approval and announcements', () => {
  it('deletes for the host or an admin only, once', () => {
    expect(given([created()]).when({ type: 'DeleteOpportunity', actor: host })()).toEqual([
      deleted,
    ]);
    expect(given([created()]).when({ type: 'DeleteOpportunity', actor: student(U1) })).toThrow(
      ForbiddenError,
    );
    expect(given([created(), deleted]).when({ type: 'DeleteOpportunity', actor: admin })).toThrow(
      NotFoundError,
    );
  });

  it('approves for admins only and appends nothing when unchanged', () => {
    const approve = (actor: { userId: string; admin: boolean }): OpportunityCommand => ({
      type: 'SetOpportunityApproval',
      actor,
      approved: true,
    });
    expect(given([created({ approved: false })]).when(approve(admin))()).toEqual([
      { type: 'OpportunityApproved', data: { v: 1, opportunityId: OPP } },
    ]);
    expect(given([created()]).when(approve(admin))()).toEqual([]);
    expect(given([created({ approved: false })]).when(approve(host))).toThrow(ForbiddenError);
  });

  it('posts a trimmed, non-blank announcement by the host or an admin', () => {
    const post = (text: string, actor = host): OpportunityCommand => ({
      type: 'PostAnnouncement',
      actor,
      announcementId: '0b6f4c1d-0000-4000-8000-0000000dd001',
      text,
      now: EARLY,
    });
    expect(given([created()]).when(post('  Bring gloves  '))()).toMatchObject([
      { type: 'AnnouncementPosted', data: { text: 'Bring gloves', postedBy: HOST } },
    ]);
    expect(given([created()]).when(post('   '))).toThrow(ValidationError);
    expect(given([created()]).when(post('Hi', student(U1)))).toThrow(ForbiddenError);
  });
});
