import { texts, type EventOf, type OpportunityDetails } from '@campus/contracts';
import type { Caller } from '@campus/infra';
import { eventTypes } from '../decider/decider';
import { NotFoundError } from '../errors';

/**
 * The events of an opportunity's stream that the opportunity and waitlist deciders fold and decide
 * (check-ins are on the same stream, but the check-in decider's).
 */
export type OpportunityEvent = EventOf<
  | 'OpportunityCreated'
  | 'OpportunityUpdated'
  | 'OpportunityApproved'
  | 'OpportunityUnapproved'
  | 'OpportunityDeleted'
  | 'AnnouncementPosted'
  | 'AnnouncementRemoved'
  | 'UserSignedUp'
  | 'UserUnregistered'
  | 'AttendanceMarked'
  | 'WaitlistJoined'
  | 'WaitlistLeft'
  | 'WaitlistPromoted'
>;

export const opportunityEventTypes = eventTypes<OpportunityEvent>({
  OpportunityCreated: true,
  OpportunityUpdated: true,
  OpportunityApproved: true,
  OpportunityUnapproved: true,
  OpportunityDeleted: true,
  AnnouncementPosted: true,
  AnnouncementRemoved: true,
  UserSignedUp: true,
  UserUnregistered: true,
  AttendanceMarked: true,
  WaitlistJoined: true,
  WaitlistLeft: true,
  WaitlistPromoted: true,
});

/** What the command side knows of one opportunity, folded from its stream. */
export type OpportunityState = {
  readonly status: 'none' | 'live' | 'deleted';
  readonly opportunityId: string;
  readonly hostUserId: string;
  readonly hostOrgId: string | null;
  readonly approved: boolean;
  readonly details: OpportunityDetails;
  readonly announcements: readonly { readonly id: string; readonly text: string }[];
  /** Registered participants in signup order: the first is the earliest signup still registered. */
  readonly participants: readonly string[];
  /** Users waiting for a slot, first come first (ADR 0010). */
  readonly waitlist: readonly string[];
  readonly attendanceMarked: boolean;
};
export type LiveOpportunity = OpportunityState & { readonly status: 'live' };

const emptyDetails: OpportunityDetails = {
  name: '',
  description: '',
  nonprofit: null,
  address: null,
  date: '',
  time: '',
  startsAt: new Date(0).toISOString(),
  durationMinutes: 1,
  totalSlots: 1,
  causes: [],
  tags: [],
  qualifications: [],
  visibility: [],
  redirectUrl: null,
  imageUrl: null,
};

export const initialOpportunityState = (): OpportunityState => ({
  status: 'none',
  opportunityId: '',
  hostUserId: '',
  hostOrgId: null,
  approved: false,
  details: emptyDetails,
  announcements: [],
  participants: [],
  waitlist: [],
  attendanceMarked: false,
});

export const evolveOpportunity = (
  state: OpportunityState,
  event: OpportunityEvent,
): OpportunityState => {
  switch (event.type) {
    case 'OpportunityCreated': {
      const {
        v: _v,
        opportunityId,
        hostUserId,
        hostOrgId,
        approved,
        createdAt: _c,
        ...details
      } = event.data;
      return { ...state, status: 'live', opportunityId, hostUserId, hostOrgId, approved, details };
    }
    case 'OpportunityUpdated':
      return { ...state, details: { ...state.details, ...event.data.changes } };
    case 'OpportunityApproved':
      return { ...state, approved: true };
    case 'OpportunityUnapproved':
      return { ...state, approved: false };
    case 'OpportunityDeleted':
      return { ...state, status: 'deleted' };
    case 'AnnouncementPosted':
      return {
        ...state,
        announcements: [
          ...state.announcements,
          { id: event.data.announcementId, text: event.data.text },
        ],
      };
    case 'AnnouncementRemoved':
      return {
        ...state,
        announcements: state.announcements.filter((a) => a.id !== event.data.announcementId),
      };
    case 'UserSignedUp':
      return state.participants.includes(event.data.userId)
        ? state
        : {
            ...state,
            participants: [...state.participants, event.data.userId],
            // A signup (direct or by promotion) ends the wait.
            waitlist: state.waitlist.filter((id) => id !== event.data.userId),
          };
    case 'WaitlistJoined':
      return state.waitlist.includes(event.data.userId)
        ? state
        : { ...state, waitlist: [...state.waitlist, event.data.userId] };
    case 'WaitlistLeft':
      return { ...state, waitlist: state.waitlist.filter((id) => id !== event.data.userId) };
    case 'UserUnregistered':
      return {
        ...state,
        participants: state.participants.filter((id) => id !== event.data.userId),
      };
    case 'AttendanceMarked':
      return { ...state, attendanceMarked: true };
    default:
      return state;
  }
};

/** The opportunity, unless there is none (never created, or deleted): 404. */
export const live = (state: OpportunityState): LiveOpportunity => {
  if (state.status !== 'live') throw new NotFoundError(texts.notFound.opportunity);
  return state as LiveOpportunity;
};

export const isHostOrAdmin = (actor: Caller, state: OpportunityState) =>
  actor.admin || actor.userId === state.hostUserId;
