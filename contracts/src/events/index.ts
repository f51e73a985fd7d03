import type { z } from 'zod';
import { participantCheckedInSchema } from './check-in';
import {
  friendRemovedSchema,
  friendRequestAcceptedSchema,
  friendRequestedSchema,
  friendRequestRejectedSchema,
} from './friendships';
import {
  announcementPostedSchema,
  announcementRemovedSchema,
  attendanceMarkedSchema,
  opportunityApprovalChangedSchema,
  opportunityCreatedSchema,
  opportunityDeletedSchema,
  opportunityUpdatedSchema,
  userSignedUpSchema,
  userUnregisteredSchema,
} from './opportunities';
import {
  membershipChangedSchema,
  organizationApprovalChangedSchema,
  organizationCreatedSchema,
  organizationDeletedSchema,
  organizationUpdatedSchema,
} from './organizations';
import { mailPreferencesChangedSchema } from './mail';
import { userErasedSchema } from './privacy';
import { reservationClaimedSchema, reservationReleasedSchema } from './reservations';
import {
  adminGrantedSchema,
  approvedEmailAddedSchema,
  userProfileUpdatedSchema,
  userRegisteredSchema,
} from './users';
import { calendarFeedResetSchema } from './calendar';
import {
  loggedHoursScoringChangedSchema,
  serviceHoursApprovedSchema,
  serviceHoursLoggedSchema,
  serviceHoursRejectedSchema,
} from './service-hours';
import { waitlistJoinedSchema, waitlistLeftSchema, waitlistPromotedSchema } from './waitlist';

export * from './personal-data';
export * from './privacy';
export * from './reservations';
export * from './users';
export * from './organizations';
export * from './opportunities';
export * from './friendships';
export * from './check-in';
export * from './waitlist';
export * from './calendar';
export * from './service-hours';
export * from './mail';

/** Every event type of the product and its current payload schema (each payload has `v`). */
export const eventSchemas = {
  UserRegistered: userRegisteredSchema,
  UserProfileUpdated: userProfileUpdatedSchema,
  AdminGranted: adminGrantedSchema,
  ApprovedEmailAdded: approvedEmailAddedSchema,
  ReservationClaimed: reservationClaimedSchema,
  ReservationReleased: reservationReleasedSchema,
  OrganizationCreated: organizationCreatedSchema,
  OrganizationUpdated: organizationUpdatedSchema,
  OrganizationApproved: organizationApprovalChangedSchema,
  OrganizationUnapproved: organizationApprovalChangedSchema,
  OrganizationDeleted: organizationDeletedSchema,
  MemberJoined: membershipChangedSchema,
  MemberLeft: membershipChangedSchema,
  OpportunityCreated: opportunityCreatedSchema,
  OpportunityUpdated: opportunityUpdatedSchema,
  OpportunityApproved: opportunityApprovalChangedSchema,
  OpportunityUnapproved: opportunityApprovalChangedSchema,
  OpportunityDeleted: opportunityDeletedSchema,
  AnnouncementPosted: announcementPostedSchema,
  AnnouncementRemoved: announcementRemovedSchema,
  UserSignedUp: userSignedUpSchema,
  UserUnregistered: userUnregisteredSchema,
  AttendanceMarked: attendanceMarkedSchema,
  FriendRequested: friendRequestedSchema,
  FriendRequestAccepted: friendRequestAcceptedSchema,
  FriendRequestRejected: friendRequestRejectedSchema,
  FriendRemoved: friendRemovedSchema,
  UserErased: userErasedSchema,
  ParticipantCheckedIn: participantCheckedInSchema,
  WaitlistJoined: waitlistJoinedSchema,
  WaitlistLeft: waitlistLeftSchema,
  WaitlistPromoted: waitlistPromotedSchema,
  CalendarFeedReset: calendarFeedResetSchema,
  ServiceHoursLogged: serviceHoursLoggedSchema,
  ServiceHoursApproved: serviceHoursApprovedSchema,
  ServiceHoursRejected: serviceHoursRejectedSchema,
  LoggedHoursScoringChanged: loggedHoursScoringChangedSchema,
  MailPreferencesChanged: mailPreferencesChangedSchema,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
/** A decided event before it is stored: its type and payload. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

export const isEventType = (type: string): type is EventType => Object.hasOwn(eventSchemas, type);

/** A stored event as its typed domain event; null for unknown types and payloads that fail the schema. */
export const toDomainEvent = (stored: {
  readonly type: string;
  readonly data: unknown;
}): DomainEvent | null => {
  if (!isEventType(stored.type)) return null;
  const parsed = eventSchemas[stored.type].safeParse(stored.data);
  return parsed.success ? ({ type: stored.type, data: parsed.data } as DomainEvent) : null;
};
