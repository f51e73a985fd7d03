import { randomUUID } from 'node:crypto';
import {
  easternToInstant,
  eventSchemas,
  friendshipIdOf,
  SCORING_RULES_STREAM_ID,
  toFriendshipStreamId,
  toMailPreferencesStreamId,
  toOpportunityStreamId,
  toOrganizationStreamId,
  toServiceLogStreamId,
  toUserStreamId,
  type Cause,
  type EventData,
  type EventToAppend,
  type EventType,
  type OrganizationType,
  type Sealed,
  type ServiceHoursPersonal,
  type UserProfilePersonalChanges,
} from '@campus/contracts';
import type { PersonalDataVault } from '@campus/infra';

/** An event to append in a test, with its stream. Payloads are checked against their schemas. */
export type TestEvent = { readonly stream: string; readonly event: EventToAppend };

const DEFAULT_AT = '2026-03-02T15:00:00.000Z';

const build = <T extends EventType>(
  stream: string,
  type: T,
  data: EventData<T>,
  actorUserId: string | null,
  at: string = DEFAULT_AT,
): TestEvent => ({
  stream,
  event: {
    eventId: randomUUID(),
    type,
    data: eventSchemas[type].parse(data),
    metadata: {
      actorUserId,
      correlationId: randomUUID(),
      causationId: null,
      commandName: `Test${type}`,
      occurredAt: at,
    },
  },
});

/**
 * An event of `type` on `stream` for which the builders below have none, its payload checked
 * against its schema; `at` is when it occurred.
 */
export const eventOf = <T extends EventType>(
  stream: string,
  type: T,
  data: EventData<T>,
  at: string = DEFAULT_AT,
): TestEvent => build(stream, type, data, null, at);

/** An event whose payload breaks its schema (a poison the parser must dead-letter). */
export const rawEvent = (
  stream: string,
  type: string,
  data: Record<string, unknown>,
): TestEvent => ({
  stream,
  event: {
    eventId: randomUUID(),
    type,
    data,
    metadata: {
      actorUserId: null,
      correlationId: randomUUID(),
      causationId: null,
      commandName: `Test${type}`,
      occurredAt: DEFAULT_AT,
    },
  },
});

export const userRegistered = async (
  vault: PersonalDataVault,
  input: {
    userId?: string;
    firstName?: string;
    lastName?: string;
    email?: string;
    phone?: string;
    admin?: boolean;
    at?: string;
  } = {},
): Promise<TestEvent & { userId: string }> => {
  const userId = input.userId ?? randomUUID();
  const email = input.email ?? `${userId.slice(0, 8)}@university.edu`;
  const personal = await vault.seal(userId, {
    firstName: input.firstName ?? 'Test',
    lastName: input.lastName ?? userId.slice(0, 8),
    email,
    phone: input.phone ?? '5551234567',
    gender: null,
    birthday: '2004-05-06',
  });
  const at = input.at ?? DEFAULT_AT;
  return {
    userId,
    ...build(
      toUserStreamId(userId),
      'UserRegistered',
      {
        v: 1,
        userId,
        emailHash: `hash-${userId}`,
        personal,
        admin: input.admin ?? false,
        carSeats: 0,
        graduationYear: 2027,
        academicLevel: 'Junior',
        major: 'Biology',
        registeredAt: at,
      },
      userId,
      at,
    ),
  };
};

export const profileUpdated = async (
  vault: PersonalDataVault,
  userId: string,
  changes: UserProfilePersonalChanges | null,
  interests: string[] | null = null,
): Promise<TestEvent> =>
  build(
    toUserStreamId(userId),
    'UserProfileUpdated',
    {
      v: 1,
      userId,
      personal: changes ? await vault.seal(userId, changes) : null,
      interests,
    },
    userId,
  );

export const adminGranted = (userId: string): TestEvent =>
  build(toUserStreamId(userId), 'AdminGranted', { v: 1, userId }, null);

export const organizationCreated = (input: {
  organizationId?: string;
  name?: string;
  type?: OrganizationType;
  hostUserId: string;
  approved?: boolean;
}): TestEvent & { organizationId: string } => {
  const organizationId = input.organizationId ?? randomUUID();
  return {
    organizationId,
    ...build(
      toOrganizationStreamId(organizationId),
      'OrganizationCreated',
      {
        v: 1,
        organizationId,
        name: input.name ?? `Org ${organizationId.slice(0, 6)}`,
        type: input.type ?? 'Other',
        description: 'We help.',
        hostUserId: input.hostUserId,
        approved: input.approved ?? true,
        createdAt: DEFAULT_AT,
      },
      input.hostUserId,
    ),
  };
};

export const organizationUpdated = (
  organizationId: string,
  changes: { name?: string; type?: OrganizationType; description?: string },
): TestEvent =>
  build(
    toOrganizationStreamId(organizationId),
    'OrganizationUpdated',
    { v: 1, organizationId, ...changes },
    null,
  );

export const organizationApproval = (organizationId: string, approved: boolean): TestEvent =>
  build(
    toOrganizationStreamId(organizationId),
    approved ? 'OrganizationApproved' : 'OrganizationUnapproved',
    { v: 1, organizationId },
    null,
  );

export const organizationDeleted = (organizationId: string): TestEvent =>
  build(
    toOrganizationStreamId(organizationId),
    'OrganizationDeleted',
    { v: 1, organizationId },
    null,
  );

export const memberJoined = (organizationId: string, userId: string, at?: string): TestEvent =>
  build(
    toOrganizationStreamId(organizationId),
    'MemberJoined',
    { v: 1, organizationId, userId },
    userId,
    at,
  );

export const memberLeft = (organizationId: string, userId: string, at?: string): TestEvent =>
  build(
    toOrganizationStreamId(organizationId),
    'MemberLeft',
    { v: 1, organizationId, userId },
    userId,
    at,
  );

export const opportunityCreated = (input: {
  opportunityId?: string;
  hostUserId: string;
  hostOrgId?: string | null;
  name?: string;
  /** Eastern local date and time. */
  date?: string;
  time?: string;
  durationMinutes?: number;
  totalSlots?: number;
  causes?: Cause[];
  visibility?: string[];
  approved?: boolean;
}): TestEvent & { opportunityId: string } => {
  const opportunityId = input.opportunityId ?? randomUUID();
  const date = input.date ?? '2026-03-20';
  const time = input.time ?? '10:00';
  return {
    opportunityId,
    ...build(
      toOpportunityStreamId(opportunityId),
      'OpportunityCreated',
      {
        v: 1,
        opportunityId,
        hostUserId: input.hostUserId,
        hostOrgId: input.hostOrgId ?? null,
        approved: input.approved ?? true,
        createdAt: DEFAULT_AT,
        name: input.name ?? 'Park cleanup',
        description: 'Bring gloves. https://example.org',
        nonprofit: 'Green Town',
        address: '1 Main St',
        date,
        time,
        startsAt: easternToInstant(date, time).toISOString(),
        durationMinutes: input.durationMinutes ?? 60,
        totalSlots: input.totalSlots ?? 10,
        causes: input.causes ?? ['Environment & Sustainability'],
        tags: ['outdoors'],
        qualifications: [],
        visibility: input.visibility ?? [],
        redirectUrl: null,
        imageUrl: null,
      },
      input.hostUserId,
    ),
  };
};

export const opportunityUpdated = (
  opportunityId: string,
  changes: EventData<'OpportunityUpdated'>['changes'],
): TestEvent =>
  build(
    toOpportunityStreamId(opportunityId),
    'OpportunityUpdated',
    { v: 1, opportunityId, changes },
    null,
  );

export const opportunityApproval = (opportunityId: string, approved: boolean): TestEvent =>
  build(
    toOpportunityStreamId(opportunityId),
    approved ? 'OpportunityApproved' : 'OpportunityUnapproved',
    { v: 1, opportunityId },
    null,
  );

export const opportunityDeleted = (opportunityId: string): TestEvent =>
  build(toOpportunityStreamId(opportunityId), 'OpportunityDeleted', { v: 1, opportunityId }, null);

export const announcementPosted = (
  opportunityId: string,
  postedBy: string,
  text: string,
): TestEvent & { announcementId: string } => {
  const announcementId = randomUUID();
  return {
    announcementId,
    ...build(
      toOpportunityStreamId(opportunityId),
      'AnnouncementPosted',
      { v: 1, opportunityId, announcementId, text, postedBy, postedAt: DEFAULT_AT },
      postedBy,
    ),
  };
};

export const announcementRemoved = (opportunityId: string, announcementId: string): TestEvent =>
  build(
    toOpportunityStreamId(opportunityId),
    'AnnouncementRemoved',
    { v: 1, opportunityId, announcementId },
    null,
  );

export const signedUp = (opportunityId: string, userId: string, at = DEFAULT_AT): TestEvent =>
  build(
    toOpportunityStreamId(opportunityId),
    'UserSignedUp',
    { v: 1, opportunityId, userId, byUserId: userId, at },
    userId,
    at,
  );

export const unregistered = (opportunityId: string, userId: string, at = DEFAULT_AT): TestEvent =>
  build(
    toOpportunityStreamId(opportunityId),
    'UserUnregistered',
    { v: 1, opportunityId, userId, byUserId: userId, at, late: false },
    userId,
    at,
  );

export const attendanceMarked = (input: {
  opportunityId: string;
  markedBy: string;
  /** The opportunity's Eastern date. */
  opportunityDate: string;
  durationMinutes: number;
  attended: string[];
  absent?: string[];
  bonus?: { userId: string; points: number } | null;
  at?: string;
}): TestEvent =>
  build(
    toOpportunityStreamId(input.opportunityId),
    'AttendanceMarked',
    {
      v: 1,
      opportunityId: input.opportunityId,
      markedBy: input.markedBy,
      durationMinutes: input.durationMinutes,
      attendedUserIds: input.attended,
      absentUserIds: input.absent ?? [],
      firstSignupBonus: input.bonus ?? null,
      opportunityDate: input.opportunityDate,
      at: input.at ?? DEFAULT_AT,
    },
    input.markedBy,
    input.at,
  );

/**
 * An opportunity of `hostUserId` on `date` and its attendance marked by its host: points for
 * `attended`, so their boards change.
 */
export const attendedOpportunity = (input: {
  hostUserId: string;
  /** The opportunity's Eastern date. */
  date: string;
  durationMinutes: number;
  attended: readonly string[];
}): TestEvent[] => {
  const opportunity = opportunityCreated({ hostUserId: input.hostUserId, date: input.date });
  return [
    opportunity,
    attendanceMarked({
      opportunityId: opportunity.opportunityId,
      markedBy: input.hostUserId,
      opportunityDate: input.date,
      durationMinutes: input.durationMinutes,
      attended: [...input.attended],
    }),
  ];
};

const friendship = (
  type: 'FriendRequested' | 'FriendRequestAccepted' | 'FriendRequestRejected',
  requesterId: string,
  recipientId: string,
): TestEvent => {
  const friendshipId = friendshipIdOf(requesterId, recipientId);
  return build(
    toFriendshipStreamId(friendshipId),
    type,
    { v: 1, friendshipId, requesterId, recipientId, at: DEFAULT_AT },
    type === 'FriendRequested' ? requesterId : recipientId,
  );
};

/** A person's kinds of mail turned off, through their profile (docs/mail.md). */
export const mailPreferencesChanged = (
  userId: string,
  off: EventData<'MailPreferencesChanged'>['off'],
  at = DEFAULT_AT,
): TestEvent =>
  build(
    toMailPreferencesStreamId(userId),
    'MailPreferencesChanged',
    { v: 1, userId, off, via: 'profile', at },
    userId,
    at,
  );

export const friendRequested = (requesterId: string, recipientId: string) =>
  friendship('FriendRequested', requesterId, recipientId);
export const friendAccepted = (requesterId: string, recipientId: string) =>
  friendship('FriendRequestAccepted', requesterId, recipientId);
export const friendRejected = (requesterId: string, recipientId: string) =>
  friendship('FriendRequestRejected', requesterId, recipientId);

export const friendRemoved = (
  requesterId: string,
  recipientId: string,
  removedBy: string,
): TestEvent => {
  const friendshipId = friendshipIdOf(requesterId, recipientId);
  return build(
    toFriendshipStreamId(friendshipId),
    'FriendRemoved',
    { v: 1, friendshipId, requesterId, recipientId, removedBy, at: DEFAULT_AT },
    removedBy,
  );
};

export const userErased = (userId: string, at: string = DEFAULT_AT): TestEvent =>
  build(toUserStreamId(userId), 'UserErased', { v: 1, userId, erasedAt: at }, null, at);

/**
 * A sealed blob that no key opens, for evolves that only hold it (the read models' unit specs);
 * integration tests seal with the harness's vault instead (sealServiceLog, sealReason).
 */
export const unopenedSeal = (subject: string): Sealed => ({
  subject,
  iv: 'AAAAAAAAAAAAAAAA',
  data: 'AAAA',
  tag: 'AAAAAAAAAAAAAAAAAAAAAA==',
});

/** A log's description, verifier and photo, sealed under its student's key. */
export const sealServiceLog = (
  vault: PersonalDataVault,
  userId: string,
  personal: Partial<ServiceHoursPersonal> = {},
): Promise<Sealed> =>
  vault.seal(userId, {
    description: 'Sorted donations at the food bank',
    verifierName: 'Vera Verifier',
    verifierEmail: 'vera@foodbank.example.org',
    photo: null,
    ...personal,
  });

/** A verifier's reason, sealed under the student's key. */
export const sealReason = (
  vault: PersonalDataVault,
  userId: string,
  reason: string | null,
): Promise<Sealed> => vault.seal(userId, { reason });

/** Service hours a student logged (docs/service-hours.md), on the log's own stream. */
export const serviceHoursLogged = (input: {
  logId?: string;
  userId: string;
  organizationId?: string | null;
  outsideOrganization?: string | null;
  /** The Eastern date of the service. */
  date?: string;
  minutes?: number;
  cause?: Cause;
  personal?: Sealed;
  at?: string;
}): TestEvent & { logId: string } => {
  const logId = input.logId ?? randomUUID();
  const organizationId = input.organizationId ?? null;
  const at = input.at ?? DEFAULT_AT;
  return {
    logId,
    ...build(
      toServiceLogStreamId(logId),
      'ServiceHoursLogged',
      {
        v: 1,
        logId,
        userId: input.userId,
        organizationId,
        outsideOrganization:
          organizationId === null ? (input.outsideOrganization ?? 'Town Food Bank') : null,
        date: input.date ?? '2026-02-20',
        minutes: input.minutes ?? 120,
        cause: input.cause ?? 'Food Security and Hunger Relief',
        personal: input.personal ?? unopenedSeal(input.userId),
        loggedAt: at,
      },
      input.userId,
      at,
    ),
  };
};

/** The log's verifier approved it; the approval repeats what the log says (its `logged` event). */
export const serviceHoursApproved = (
  logged: TestEvent,
  input: { verifiedBy: string; reason?: Sealed; at?: string },
): TestEvent => {
  const d = eventSchemas.ServiceHoursLogged.parse(logged.event.data);
  const at = input.at ?? DEFAULT_AT;
  return build(
    toServiceLogStreamId(d.logId),
    'ServiceHoursApproved',
    {
      v: 1,
      logId: d.logId,
      userId: d.userId,
      verifiedBy: input.verifiedBy,
      organizationId: d.organizationId,
      date: d.date,
      minutes: d.minutes,
      cause: d.cause,
      reason: input.reason ?? unopenedSeal(d.userId),
      at,
    },
    input.verifiedBy,
    at,
  );
};

/** The log's verifier rejected it. */
export const serviceHoursRejected = (
  logged: TestEvent,
  input: { verifiedBy: string; reason?: Sealed; at?: string },
): TestEvent => {
  const d = eventSchemas.ServiceHoursLogged.parse(logged.event.data);
  const at = input.at ?? DEFAULT_AT;
  return build(
    toServiceLogStreamId(d.logId),
    'ServiceHoursRejected',
    {
      v: 1,
      logId: d.logId,
      userId: d.userId,
      verifiedBy: input.verifiedBy,
      reason: input.reason ?? unopenedSeal(d.userId),
      at,
    },
    input.verifiedBy,
    at,
  );
};

/** An admin turned the logged hours scoring rule on or off. */
export const loggedHoursScoringChanged = (
  earnPoints: boolean,
  changedBy: string,
  at: string = DEFAULT_AT,
): TestEvent =>
  build(
    SCORING_RULES_STREAM_ID,
    'LoggedHoursScoringChanged',
    { v: 1, earnPoints, changedBy, at },
    changedBy,
    at,
  );
