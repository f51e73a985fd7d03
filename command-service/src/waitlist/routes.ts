import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import {
  routes,
  texts,
  toCalendarFeedStreamId,
  toOpportunityStreamId,
  type CommandAck,
  type DomainEvent,
} from '@campus/contracts';
import { NotFoundError, requireCaller, type Caller } from '@campus/infra';
import { handleCommand, type CommandOutcome } from '../decider/decider';
import {
  commandMetadata,
  mountRoute,
  sendConsistencyToken,
  type CommandDeps,
} from '../http/context';
import { userOrganizationsAmongVisibility } from '../opportunities/opportunity-commands';
import { opportunityDecider, type OpportunityCommand } from '../opportunities/opportunity-decider';

const opportunityIdOf = (req: Request): string => {
  const id = req.params['id'];
  if (typeof id !== 'string' || !z.uuid().safeParse(id).success)
    throw new NotFoundError(texts.notFound.opportunity);
  return id;
};

/** Joining and leaving a waitlist: decided on the opportunity stream (ADR 0010). */
const onWaitlist = async (
  deps: CommandDeps,
  req: Request,
  type: 'JoinWaitlist' | 'LeaveWaitlist',
): Promise<CommandOutcome> => {
  const caller = requireCaller(req);
  const opportunityId = opportunityIdOf(req);
  const now = deps.clock.now();
  const metadata = commandMetadata(req, type, deps.clock);
  const options = {
    store: deps.store,
    streamId: toOpportunityStreamId(opportunityId),
    decider: opportunityDecider,
    metadata,
  };
  if (type === 'LeaveWaitlist')
    return handleCommand({
      ...options,
      command: { type, actor: caller, userId: caller.userId, now },
    });
  // Joining a private opportunity's list needs the caller's organizations among its visibility.
  return handleCommand({
    ...options,
    commandOn: async (opportunity): Promise<OpportunityCommand> => ({
      type,
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
  });
};

/** A new calendar link for the caller: one event on their own feed stream, no secret in it. */
const resetCalendarFeed = (deps: CommandDeps, caller: Caller, req: Request) =>
  handleCommand<null, { readonly userId: string; readonly now: Date }>({
    store: deps.store,
    streamId: toCalendarFeedStreamId(caller.userId),
    decider: {
      initialState: () => null,
      evolve: (state) => state,
      decide: ({ userId, now }): DomainEvent[] => [
        { type: 'CalendarFeedReset', data: { v: 1, userId, at: now.toISOString() } },
      ],
    },
    command: { userId: caller.userId, now: deps.clock.now() },
    metadata: commandMetadata(req, 'ResetCalendarFeed', deps.clock),
  });

export const waitlistRouter = (deps: CommandDeps): Router => {
  const router = Router();
  const acknowledge = (res: Response, outcome: CommandOutcome, id: string, status: number) => {
    sendConsistencyToken(res, [outcome.appended]);
    const body: CommandAck = { success: true, id };
    res.status(status).json(body);
  };

  mountRoute(router, routes.joinWaitlist, deps, async (req, res) => {
    const outcome = await onWaitlist(deps, req, 'JoinWaitlist');
    acknowledge(res, outcome, opportunityIdOf(req), 201);
  });
  mountRoute(router, routes.leaveWaitlist, deps, async (req, res) => {
    const outcome = await onWaitlist(deps, req, 'LeaveWaitlist');
    acknowledge(res, outcome, opportunityIdOf(req), 200);
  });
  mountRoute(router, routes.resetCalendarSubscription, deps, async (req, res) => {
    const caller = requireCaller(req);
    const outcome = await resetCalendarFeed(deps, caller, req);
    acknowledge(res, outcome, caller.userId, 200);
  });
  return router;
};
