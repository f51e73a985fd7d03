import {
  toOpportunityStreamId,
  verifyCheckInToken,
  type EventMetadata,
  checkInTexts,
} from '@campus/contracts';
import type { Caller } from '@campus/infra';
import { handleCommand, type CommandOutcome } from '../decider/decider';
import { ValidationError } from '../errors';
import type { CommandDeps } from '../http/context';
import { checkInDecider, type CheckInCommand } from './check-in-decider';

const errors = checkInTexts.errors;

/**
 * QR check-in: the code read from the host's QR code must be the opportunity's, signed with
 * CHECK_IN_SECRET, of the current or the previous 30-second window (400 naming `token`
 * otherwise); then ParticipantCheckedIn is appended to the opportunity's stream, once. Answers the
 * opportunity's name as the stream knew it when the check-in was decided.
 */
export const checkIn = async (
  deps: Pick<CommandDeps, 'store' | 'clock' | 'config'>,
  caller: Caller,
  opportunityId: string,
  token: string,
  metadata: EventMetadata,
): Promise<{ outcome: CommandOutcome; opportunityName: string }> => {
  const now = deps.clock.now();
  const check = await verifyCheckInToken(deps.config.CHECK_IN_SECRET, opportunityId, token, now);
  if (check !== 'valid') {
    const message = check === 'expired' ? errors.expired : errors.forged;
    throw new ValidationError(message, [{ field: 'token', message }]);
  }
  let opportunityName = '';
  const outcome = await handleCommand({
    store: deps.store,
    streamId: toOpportunityStreamId(opportunityId.toLowerCase()),
    decider: checkInDecider,
    commandOn: (state) => {
      opportunityName = state.opportunity.details.name;
      return Promise.resolve<CheckInCommand>({ type: 'CheckIn', actor: caller, now });
    },
    metadata,
  });
  return { outcome, opportunityName };
};
