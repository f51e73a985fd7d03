import { texts, type EventOf, checkInTexts } from '@campus/contracts';
import type { Caller } from '@campus/infra';
import type { Decider } from '../decider/decider';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import {
  evolveOpportunity,
  initialOpportunityState,
  opportunityEventTypes,
  type OpportunityEvent,
  type OpportunityState,
} from '../opportunities/opportunity-state';

/** Check-ins, folded with the events of the opportunity's stream they are decided on. */
export type CheckInEvent = OpportunityEvent | EventOf<'ParticipantCheckedIn'>;

/** The opportunity stream as check-in sees it: the opportunity, and who already checked in. */
type CheckInState = {
  readonly opportunity: OpportunityState;
  readonly checkedIn: ReadonlySet<string>;
};

export type CheckInCommand = {
  readonly type: 'CheckIn';
  readonly actor: Caller;
  readonly now: Date;
};

const errors = checkInTexts.errors;

/**
 * A registered participant checks in (the code was verified before): once, while the opportunity
 * exists, is approved and its attendance is not submitted. A second check-in decides nothing.
 */
export const checkInDecider: Decider<CheckInState, CheckInCommand, CheckInEvent> = {
  eventTypes: new Set([...opportunityEventTypes, 'ParticipantCheckedIn']),
  initialState: () => ({ opportunity: initialOpportunityState(), checkedIn: new Set() }),
  evolve: (state, event) =>
    event.type === 'ParticipantCheckedIn'
      ? { ...state, checkedIn: new Set([...state.checkedIn, event.data.userId]) }
      : { ...state, opportunity: evolveOpportunity(state.opportunity, event) },
  decide: (command, { opportunity, checkedIn }): CheckInEvent[] => {
    if (opportunity.status !== 'live') throw new NotFoundError(texts.notFound.opportunity);
    const userId = command.actor.userId;
    // Registration first: someone unregistered after checking in is refused like anyone else.
    if (!opportunity.participants.includes(userId)) throw new ForbiddenError(errors.notRegistered);
    if (checkedIn.has(userId)) return [];
    if (opportunity.attendanceMarked) throw new ConflictError(errors.attendanceSubmitted);
    // A check-in ticks the attendance form, which an unapproved opportunity never gets.
    if (!opportunity.approved)
      throw new ConflictError(texts.opportunities.integrity.checkInNeedsApproval);
    return [
      {
        type: 'ParticipantCheckedIn',
        data: {
          v: 1,
          opportunityId: opportunity.opportunityId,
          userId,
          checkedInAt: command.now.toISOString(),
        },
      },
    ];
  },
};
