import { Router } from 'express';
import { checkInSchema, routes, texts, type CheckInResult } from '@campus/contracts';
import { parseOrThrow, requireCaller } from '@campus/infra';
import { commandMetadata, mountRoute, type CommandDeps } from '../http/context';
import { pathId, respond } from '../http/respond';
import { checkIn } from './check-in-commands';

/** QR check-in: a signed-in participant sends the code read from the host's QR code. */
export const checkInRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(router, routes.checkIn, deps, async (req, res) => {
    const caller = requireCaller(req);
    const id = pathId(req, 'id', texts.notFound.opportunity);
    const { token } = parseOrThrow(checkInSchema, req.body ?? {});
    const { outcome, opportunityName } = await checkIn(
      deps,
      caller,
      id,
      token,
      commandMetadata(req, 'CheckIn', deps.clock),
    );
    const body: CheckInResult = {
      success: true,
      already_checked_in: outcome.appended === null,
      opportunity_name: opportunityName,
    };
    respond(res, outcome, 200, body);
  });

  return router;
};
