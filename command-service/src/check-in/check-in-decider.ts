import { texts, type DomainEvent } from '@campus/contracts';
import { ConflictError, ForbiddenError, NotFoundError, type Caller } from '@campus/infra';
import type { Decider } from '../decider/decider';
import {
  evolveOpportunity,
  initialOpportunityState,
  type OpportunityState,
} from '../opportunities/opportunity-decider';

/** The opportunity stream as check-in sees it: the opportunity, and who already checked in. */
export type CheckInState = {
  readonly opportunity: OpportunityState;
  readonly checkedIn: ReadonlySet<string>;
};

export type CheckInCommand = {
  readonly type: 'CheckIn';
  readonly actor: Caller;
  readonly now: Date;
};

const errors = texts.checkIn.errors;

/**
 * A registered participant checks in (the code was verified before): once, while the opportunity
 * exists, is approved and its attendance is not submitted. A second check-in decides nothing.
 */
export const checkInDecider: Decider<CheckInState, CheckInCommand> = {
  initialState: () => ({ opportunity: initialOpportunityState(), checkedIn: new Set() }),
  evolve: (state, event) => ({
    opportunity: evolveOpportunity(state.opportunity, event),
    checkedIn:
      event.type === 'ParticipantCheckedIn'
        ? new Set([...state.checkedIn, event.data.userId])
        : state.checkedIn,
  }),
  decide: (command, { opportunity, checkedIn }): DomainEvent[] => {
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
