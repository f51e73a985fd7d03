import {
  toCalendarFeedStreamId,
  toOpportunityStreamId,
  type EventMetadata,
} from '@campus/contracts';
import type { Caller } from '@campus/infra';
import { handleCommand, type CommandOutcome } from '../decider/decider';
import type { CommandDeps } from '../http/context';
import { userOrganizationsAmongVisibility } from '../opportunities/opportunity-commands';
import { opportunityDecider, type OpportunityCommand } from '../opportunities/opportunity-decider';
import { calendarFeedDecider } from './waitlist-decider';

type Deps = Pick<CommandDeps, 'store' | 'clock'>;

/**
 * POST /api/opps/{id}/waitlist: the caller joins a full opportunity's waitlist, decided on the
 * opportunity stream (ADR 0010). Joining a private opportunity's list needs the caller's
 * organizations among its visibility, looked up on the state the decision is taken on.
 */
export const joinWaitlist = (
  deps: Deps,
  caller: Caller,
  opportunityId: string,
  metadata: EventMetadata,
): Promise<CommandOutcome> => {
  const now = deps.clock.now();
  return handleCommand({
    store: deps.store,
    streamId: toOpportunityStreamId(opportunityId),
    decider: opportunityDecider,
    commandOn: async (opportunity): Promise<OpportunityCommand> => ({
      type: 'JoinWaitlist',
      actor: caller,
      userId: caller.userId,
      now,
      userOrganizationIds: await userOrganizationsAmongVisibility(
        deps,
        caller,
        opportunity,
        caller.userId,
      ),
    }),
    metadata,
  });
};

/** DELETE /api/opps/{id}/waitlist: the caller leaves the waitlist. */
export const leaveWaitlist = (
  deps: Deps,
  caller: Caller,
  opportunityId: string,
  metadata: EventMetadata,
): Promise<CommandOutcome> =>
  handleCommand({
    store: deps.store,
    streamId: toOpportunityStreamId(opportunityId),
    decider: opportunityDecider,
    command: { type: 'LeaveWaitlist', actor: caller, userId: caller.userId, now: deps.clock.now() },
    metadata,
  });

/** A new calendar link for the caller: one event on their own feed stream, no secret in it. */
export const resetCalendarFeed = (
  deps: Deps,
  caller: Caller,
  metadata: EventMetadata,
): Promise<CommandOutcome> =>
  handleCommand({
    store: deps.store,
    streamId: toCalendarFeedStreamId(caller.userId),
    decider: calendarFeedDecider,
    command: { type: 'ResetCalendarFeed', userId: caller.userId, now: deps.clock.now() },
    metadata,
  });
