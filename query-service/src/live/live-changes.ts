import type { EventType, LiveTopic } from '@campus/contracts';

/**
 * Who may be told of a change (docs/live-updates.md): the audience is decided from the read model
 * as it is once the change is visible, by the same rules as the reads the topic refreshes.
 * - `everyone`: every signed-in viewer;
 * - `users`: these people only;
 * - `admins`: admins only;
 * - `readers`: whoever may read the opportunity now (not deleted; approved, or the viewer hosts it
 *   or is an admin; public, or the viewer is a member of an organization it is shown to);
 * - `verifiers`: the host of the organization, and admins.
 */
export type Audience =
  | { readonly kind: 'everyone' }
  | { readonly kind: 'users'; readonly ids: readonly string[] }
  | { readonly kind: 'admins' }
  | { readonly kind: 'readers'; readonly opportunityId: string }
  | { readonly kind: 'verifiers'; readonly organizationId: string };

/** One topic for one audience. */
export type LiveChange = { readonly topic: LiveTopic; readonly audience: Audience };

/** The ids an event names, as read from its data (nothing else of it is read). */
export type EventIds = {
  readonly opportunityId: string | null;
  readonly userId: string | null;
  readonly requesterId: string | null;
  readonly recipientId: string | null;
  readonly organizationId: string | null;
};

/** What an event does to the live streams: the changes it makes, and whose streams must end. */
type Effect = (ids: EventIds) => {
  readonly changes: readonly LiveChange[];
  /** A person whose rights changed (an admin grant, an erasure): their streams end and reconnect. */
  readonly endStreamsOf?: string | null;
};

const EVERYONE: Audience = { kind: 'everyone' };
const ADMINS: Audience = { kind: 'admins' };
const LEADERBOARD: LiveChange = { topic: { kind: 'leaderboard' }, audience: EVERYONE };
const APPROVALS: LiveChange = { topic: { kind: 'approvals' }, audience: ADMINS };

const none: Effect = () => ({ changes: [] });
const only =
  (...changes: LiveChange[]): Effect =>
  () => ({ changes });

/** The opportunity the event names, told to those who may read it. */
const opportunity = (ids: EventIds): LiveChange[] =>
  ids.opportunityId
    ? [
        {
          topic: { kind: 'opportunity', id: ids.opportunityId },
          audience: { kind: 'readers', opportunityId: ids.opportunityId },
        },
      ]
    : [];

const opportunityChanged: Effect = (ids) => ({ changes: opportunity(ids) });
const opportunityInQueue: Effect = (ids) => ({ changes: [...opportunity(ids), APPROVALS] });

/** The pair of a friendship: both see the request, the answer or the removal. */
const pairOf = (ids: EventIds): string[] =>
  [ids.requesterId, ids.recipientId].filter((id): id is string => id !== null);

const friendship =
  (leaderboard: boolean): Effect =>
  (ids) => {
    const audience: Audience = { kind: 'users', ids: pairOf(ids) };
    return {
      changes: [
        { topic: { kind: 'notifications' }, audience },
        { topic: { kind: 'friends' }, audience },
        // The friends board of each of the two.
        ...(leaderboard ? [{ topic: { kind: 'leaderboard' }, audience } as const] : []),
      ],
    };
  };

/** Logged hours: their verifiers' queue, the admins' queue, and the student's own bell. */
const hours =
  (decided: boolean): Effect =>
  (ids) => ({
    changes: [
      APPROVALS,
      ...(ids.organizationId
        ? [
            {
              topic: { kind: 'verifications' },
              audience: { kind: 'verifiers', organizationId: ids.organizationId },
            } as const,
          ]
        : []),
      ...(decided && ids.userId
        ? [
            {
              topic: { kind: 'notifications' },
              audience: { kind: 'users', ids: [ids.userId] },
            } as const,
          ]
        : []),
      ...(decided ? [LEADERBOARD] : []),
    ],
  });

/**
 * Every event type, so that a new one cannot be added without deciding what it tells whom. Events
 * that change nothing a stream covers (mail choices, calendar links, reservations) tell nobody.
 */
const LIVE_EFFECTS = {
  UserRegistered: none,
  AdminGranted: (ids) => ({ changes: [], endStreamsOf: ids.userId }),
  UserErased: (ids) => ({ changes: [LEADERBOARD], endStreamsOf: ids.userId }),
  // Names and pictures on the boards.
  UserProfileUpdated: only(LEADERBOARD),
  ApprovedEmailAdded: only(APPROVALS),
  ReservationClaimed: none,
  ReservationReleased: none,
  OrganizationCreated: only(APPROVALS),
  OrganizationUpdated: only(APPROVALS),
  OrganizationApproved: only(APPROVALS),
  OrganizationUnapproved: only(APPROVALS),
  OrganizationDeleted: only(APPROVALS),
  // The organizations' boards.
  MemberJoined: only(LEADERBOARD),
  MemberLeft: only(LEADERBOARD),
  OpportunityCreated: opportunityInQueue,
  OpportunityUpdated: opportunityInQueue,
  OpportunityApproved: opportunityInQueue,
  OpportunityUnapproved: opportunityInQueue,
  OpportunityDeleted: opportunityInQueue,
  AnnouncementPosted: opportunityChanged,
  AnnouncementRemoved: opportunityChanged,
  UserSignedUp: opportunityChanged,
  UserUnregistered: opportunityChanged,
  AttendanceMarked: (ids) => ({ changes: [...opportunity(ids), LEADERBOARD] }),
  FriendRequested: friendship(false),
  FriendRequestAccepted: friendship(true),
  FriendRequestRejected: friendship(false),
  FriendRemoved: friendship(true),
  ParticipantCheckedIn: opportunityChanged,
  WaitlistJoined: opportunityChanged,
  WaitlistLeft: opportunityChanged,
  WaitlistPromoted: opportunityChanged,
  CalendarFeedReset: none,
  MailPreferencesChanged: none,
  ServiceHoursLogged: hours(false),
  ServiceHoursApproved: hours(true),
  ServiceHoursRejected: hours(true),
  LoggedHoursScoringChanged: only(LEADERBOARD),
} as const satisfies Record<EventType, Effect>;

/** What one event of the log tells whom (an unknown type: nothing). */
export const liveEffectOf = (eventType: string, ids: EventIds): ReturnType<Effect> =>
  Object.hasOwn(LIVE_EFFECTS, eventType)
    ? LIVE_EFFECTS[eventType as EventType](ids)
    : { changes: [] };
