import { Router } from 'express';
import {
  checkInSchema,
  routes,
  texts,
  toOpportunityStreamId,
  verifyCheckInToken,
  type CheckInResult,
} from '@campus/contracts';
import { NotFoundError, parseOrThrow, requireCaller, ValidationError } from '@campus/infra';
import { z } from 'zod';
import { handleCommand } from '../decider/decider';
import {
  commandMetadata,
  mountRoute,
  sendConsistencyToken,
  type CommandDeps,
} from '../http/context';
import { checkInDecider, type CheckInCommand } from './check-in-decider';

const errors = texts.checkIn.errors;

/**
 * QR check-in: a signed-in participant sends the code read from the host's QR code. The code must
 * be the opportunity's, signed with CHECK_IN_SECRET, of the current or the previous 30-second
 * window (400 naming `token` otherwise); then ParticipantCheckedIn is appended to the
 * opportunity's stream, once.
 */
export const checkInRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(router, routes.checkIn, deps, async (req, res) => {
    const caller = requireCaller(req);
    const id = String(req.params['id'] ?? '');
    if (!z.uuid().safeParse(id).success) throw new NotFoundError(texts.notFound.opportunity);
    const { token } = parseOrThrow(checkInSchema, req.body ?? {});
    const now = deps.clock.now();
    const check = await verifyCheckInToken(deps.config.CHECK_IN_SECRET, id, token, now);
    if (check !== 'valid') {
      const message = check === 'expired' ? errors.expired : errors.forged;
      throw new ValidationError(message, [{ field: 'token', message }]);
    }
    // The confirmation names the opportunity as the stream knew it when the check-in was decided.
    let opportunityName = '';
    const outcome = await handleCommand({
      store: deps.store,
      streamId: toOpportunityStreamId(id.toLowerCase()),
      decider: checkInDecider,
      commandOn: (state) => {
        opportunityName = state.opportunity.details.name;
        return Promise.resolve<CheckInCommand>({ type: 'CheckIn', actor: caller, now });
      },
      metadata: commandMetadata(req, 'CheckIn', deps.clock),
    });
    sendConsistencyToken(res, [outcome.appended]);
    const body: CheckInResult = {
      success: true,
      already_checked_in: outcome.appended === null,
      opportunity_name: opportunityName,
    };
    res.status(200).json(body);
  });

  return router;
};
