import type { EventType } from '@campus/contracts';

/**
 * What each event type can change of the answers the query service keeps in memory until such an
 * event becomes visible (the tracker's `watch`):
 * - `callers`: who an email's caller is: a registration (a new row), an admin grant, an erasure
 *   (the row's email hash goes);
 * - `hosts`: who hosts an opportunity that is not deleted: a creation, an edit, a deletion.
 * Every event type is named here, so a new one cannot be added without deciding for each.
 */
const EVENT_EFFECTS = {
  UserRegistered: { callers: true, hosts: false },
  AdminGranted: { callers: true, hosts: false },
  UserErased: { callers: true, hosts: false },
  UserProfileUpdated: { callers: false, hosts: false },
  ApprovedEmailAdded: { callers: false, hosts: false },
  ReservationClaimed: { callers: false, hosts: false },
  ReservationReleased: { callers: false, hosts: false },
  OrganizationCreated: { callers: false, hosts: false },
  OrganizationUpdated: { callers: false, hosts: false },
  OrganizationApproved: { callers: false, hosts: false },
  OrganizationUnapproved: { callers: false, hosts: false },
  OrganizationDeleted: { callers: false, hosts: false },
  MemberJoined: { callers: false, hosts: false },
  MemberLeft: { callers: false, hosts: false },
  OpportunityCreated: { callers: false, hosts: true },
  OpportunityUpdated: { callers: false, hosts: true },
  OpportunityApproved: { callers: false, hosts: false },
  OpportunityUnapproved: { callers: false, hosts: false },
  OpportunityDeleted: { callers: false, hosts: true },
  AnnouncementPosted: { callers: false, hosts: false },
  AnnouncementRemoved: { callers: false, hosts: false },
  UserSignedUp: { callers: false, hosts: false },
  UserUnregistered: { callers: false, hosts: false },
  AttendanceMarked: { callers: false, hosts: false },
  FriendRequested: { callers: false, hosts: false },
  FriendRequestAccepted: { callers: false, hosts: false },
  FriendRequestRejected: { callers: false, hosts: false },
  FriendRemoved: { callers: false, hosts: false },
  ParticipantCheckedIn: { callers: false, hosts: false },
  WaitlistJoined: { callers: false, hosts: false },
  WaitlistLeft: { callers: false, hosts: false },
  WaitlistPromoted: { callers: false, hosts: false },
  CalendarFeedReset: { callers: false, hosts: false },
  MailPreferencesChanged: { callers: false, hosts: false },
  // Service hours (docs/service-hours.md): no caller and no opportunity's host moves with them.
  ServiceHoursLogged: { callers: false, hosts: false },
  ServiceHoursApproved: { callers: false, hosts: false },
  ServiceHoursRejected: { callers: false, hosts: false },
  LoggedHoursScoringChanged: { callers: false, hosts: false },
} as const satisfies Record<EventType, { callers: boolean; hosts: boolean }>;

type Kept = 'callers' | 'hosts';

const typesThatMove = (kept: Kept): ReadonlySet<string> =>
  new Set(
    Object.entries(EVENT_EFFECTS)
      .filter(([, effects]) => effects[kept])
      .map(([type]) => type),
  );

const CALLER_EVENT_TYPES = typesThatMove('callers');
const HOST_EVENT_TYPES = typesThatMove('hosts');

/** Whether an event of this type can change a caller (an unknown type cannot: none is read). */
export const affectsCallers = (eventType: string): boolean => CALLER_EVENT_TYPES.has(eventType);

/** Whether an event of this type can change who hosts (an unknown type is taken as one that can). */
export const affectsHosts = (eventType: string): boolean =>
  HOST_EVENT_TYPES.has(eventType) || !Object.hasOwn(EVENT_EFFECTS, eventType);
