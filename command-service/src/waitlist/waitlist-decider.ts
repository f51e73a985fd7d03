import {
  hasStarted,
  isUnregistrationOpen,
  opportunityMessages,
  slotsLeft,
  texts,
  type DomainEvent,
  type WaitlistPromotionReason,
} from '@campus/contracts';
import { ConflictError, ForbiddenError, NotFoundError, type Caller } from '@campus/infra';
import type { OpportunityState } from '../opportunities/opportunity-decider';

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

const errors = texts.waitlist.errors;

const liveOrNotFound = (state: OpportunityState): OpportunityState => {
  if (state.status !== 'live') throw new NotFoundError(texts.notFound.opportunity);
  return state;
};

const privileged = (actor: Caller, state: OpportunityState) =>
  actor.admin || actor.userId === state.hostUserId;

/**
 * A promotion registers someone who, once registered, must be able to leave without the late
 * warning: so nobody is promoted (and nobody joins) once the 7-hour cut-off has passed.
 */
export const isWaitlistOpen = (state: OpportunityState, now: Date): boolean =>
  !state.attendanceMarked && isUnregistrationOpen(now, state.details.startsAt);

export const decideWaitlist = (
  command: WaitlistCommand,
  state: OpportunityState,
): DomainEvent[] => {
  const opportunity = liveOrNotFound(state);
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
  const canSee = privileged(actor, opportunity);
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
): DomainEvent[] => {
  if (after.status !== 'live' || !isWaitlistOpen(after, now)) return [];
  const free = slotsLeft(after.details.totalSlots, after.participants.length);
  const at = now.toISOString();
  const { opportunityId } = after;
  return after.waitlist.slice(0, free).flatMap((userId): DomainEvent[] => [
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
