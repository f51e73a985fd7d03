import {
  hasStarted,
  isUnregistrationOpen,
  opportunityMessages,
  slotsLeft,
  texts,
  type EventOf,
  type WaitlistPromotionReason,
} from '@campus/contracts';
import type { Caller } from '@campus/infra';
import { eventTypes, type Decider } from '../decider/decider';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import { isHostOrAdmin, live, type OpportunityState } from '../opportunities/opportunity-state';

/**
 * The waitlist of a full opportunity (ADR 0010), decided on the opportunity stream with the signups
 * it depends on. Joining needs the same right to see the opportunity as signing up.
 */
export type WaitlistCommand =
  | {
      readonly type: 'JoinWaitlist';
      readonly actor: Caller;
      readonly userId: string;
      readonly userOrganizationIds: ReadonlySet<string>;
      readonly now: Date;
    }
  | {
      readonly type: 'LeaveWaitlist';
      readonly actor: Caller;
      readonly userId: string;
      readonly now: Date;
    };

/** What waitlist decisions append: joining, leaving, and promotions (a signup and its notice). */
type WaitlistEvent = EventOf<
  'WaitlistJoined' | 'WaitlistLeft' | 'UserSignedUp' | 'WaitlistPromoted'
>;

const errors = texts.waitlist.errors;

/**
 * A promotion registers someone who, once registered, must be able to leave without the late
 * warning: so nobody is promoted (and nobody joins) once the 7-hour cut-off has passed.
 */
const isWaitlistOpen = (state: OpportunityState, now: Date): boolean =>
  !state.attendanceMarked && isUnregistrationOpen(now, state.details.startsAt);

export const decideWaitlist = (
  command: WaitlistCommand,
  state: OpportunityState,
): WaitlistEvent[] => {
  const opportunity = live(state);
  const { actor, userId, now } = command;
  if (actor.userId !== userId && !actor.admin)
    throw new ForbiddenError('Only admins can change the waitlist for another user.');
  const { opportunityId } = opportunity;
  if (command.type === 'LeaveWaitlist') {
    if (!opportunity.waitlist.includes(userId)) throw new ConflictError(errors.notWaiting);
    return [
      {
        type: 'WaitlistLeft',
        data: { v: 1, opportunityId, userId, byUserId: actor.userId, at: now.toISOString() },
      },
    ];
  }
  const canSee = isHostOrAdmin(actor, opportunity);
  if (!opportunity.approved && !canSee) throw new NotFoundError(texts.notFound.opportunity);
  const { visibility } = opportunity.details;
  if (
    !canSee &&
    visibility.length > 0 &&
    !visibility.some((id) => command.userOrganizationIds.has(id))
  )
    throw new ForbiddenError(opportunityMessages.privateOpportunity);
  if (opportunity.participants.includes(userId))
    throw new ConflictError(opportunityMessages.alreadyRegistered);
  if (opportunity.waitlist.includes(userId)) throw new ConflictError(errors.alreadyWaiting);
  if (opportunity.attendanceMarked || hasStarted(now, opportunity.details.startsAt))
    throw new ConflictError(opportunityMessages.started);
  if (slotsLeft(opportunity.details.totalSlots, opportunity.participants.length) > 0)
    throw new ConflictError(errors.notFull);
  if (!isWaitlistOpen(opportunity, now)) throw new ConflictError(errors.closed);
  return [
    {
      type: 'WaitlistJoined',
      data: { v: 1, opportunityId, userId, byUserId: actor.userId, at: now.toISOString() },
    },
  ];
};

/**
 * The promotions a decision that may free slots adds after its own events (same append, so the
 * freeing and the promotion are one fact): the first people waiting, as many as slots are free,
 * each as a `UserSignedUp` (which registers them and counts for the first-signup bonus like any
 * signup) followed by `WaitlistPromoted` (the notice). None inside the 7-hour window.
 */
export const promoteFromWaitlist = (
  after: OpportunityState,
  now: Date,
  reason: WaitlistPromotionReason,
): WaitlistEvent[] => {
  if (after.status !== 'live' || !isWaitlistOpen(after, now)) return [];
  const free = slotsLeft(after.details.totalSlots, after.participants.length);
  const at = now.toISOString();
  const { opportunityId } = after;
  return after.waitlist.slice(0, free).flatMap((userId): WaitlistEvent[] => [
    { type: 'UserSignedUp', data: { v: 1, opportunityId, userId, byUserId: userId, at } },
    {
      type: 'WaitlistPromoted',
      data: {
        v: 1,
        opportunityId,
        userId,
        reason,
        opportunityName: after.details.name,
        startsAt: after.details.startsAt,
        at,
      },
    },
  ]);
};

/** A user's calendar feed stream: each reset issues a new link (the link's secret is not in it). */
type CalendarFeedEvent = EventOf<'CalendarFeedReset'>;
type ResetCalendarFeed = {
  readonly type: 'ResetCalendarFeed';
  readonly userId: string;
  readonly now: Date;
};

export const calendarFeedDecider: Decider<null, ResetCalendarFeed, CalendarFeedEvent> = {
  eventTypes: eventTypes<CalendarFeedEvent>({ CalendarFeedReset: true }),
  initialState: () => null,
  evolve: (state) => state,
  decide: ({ userId, now }) => [
    { type: 'CalendarFeedReset', data: { v: 1, userId, at: now.toISOString() } },
  ],
};
