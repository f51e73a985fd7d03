import { Router } from 'express';
import { routes, texts } from '@campus/contracts';
import { requireCaller } from '@campus/infra';
import { commandMetadata, mountRoute, type CommandDeps } from '../http/context';
import { acknowledge, pathId } from '../http/respond';
import { joinWaitlist, leaveWaitlist, resetCalendarFeed } from './waitlist-commands';

/** Joining and leaving a waitlist (ADR 0010), and a new calendar link for the caller. */
export const waitlistRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(router, routes.joinWaitlist, deps, async (req, res) => {
    const caller = requireCaller(req);
    const id = pathId(req, 'id', texts.notFound.opportunity);
    const outcome = await joinWaitlist(
      deps,
      caller,
      id,
      commandMetadata(req, 'JoinWaitlist', deps.clock),
    );
    acknowledge(res, outcome, id, 201);
  });
  mountRoute(router, routes.leaveWaitlist, deps, async (req, res) => {
    const caller = requireCaller(req);
    const id = pathId(req, 'id', texts.notFound.opportunity);
    const outcome = await leaveWaitlist(
      deps,
      caller,
      id,
      commandMetadata(req, 'LeaveWaitlist', deps.clock),
    );
    acknowledge(res, outcome, id);
  });
  mountRoute(router, routes.resetCalendarSubscription, deps, async (req, res) => {
    const caller = requireCaller(req);
    const outcome = await resetCalendarFeed(
      deps,
      caller,
      commandMetadata(req, 'ResetCalendarFeed', deps.clock),
    );
    acknowledge(res, outcome, caller.userId);
  });
  return router;
};
