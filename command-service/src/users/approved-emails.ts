import {
  toApprovedEmailStreamId,
  type DomainEvent,
  type EventMetadata,
  type Sealed,
} from '@campus/contracts';
import { reservationHash } from '@campus/infra';
import { handleCommand, type CommandOutcome, type Decider } from '../decider/decider';
import type { CommandDeps } from '../http/context';
import { approvedEmailEvolve, type ApprovedEmailState } from './user-decider';

export type AddApprovedEmail = {
  readonly type: 'AddApprovedEmail';
  readonly emailHash: string;
  /** The address sealed under `email:<hash>`, so erasing that subject makes it unreadable. */
  readonly personal: Sealed;
};

/** One stream per approved address (named by its hash); adding it again changes nothing. */
export const approvedEmailDecider: Decider<ApprovedEmailState, AddApprovedEmail> = {
  initialState: () => ({ approved: false }),
  evolve: approvedEmailEvolve,
  decide: (command, state): DomainEvent[] =>
    state.approved
      ? []
      : [
          {
            type: 'ApprovedEmailAdded',
            data: { v: 1, emailHash: command.emailHash, personal: command.personal },
          },
        ],
};

export const approvedEmailSubject = (emailHash: string) => `email:${emailHash}`;

/** POST /api/approved-emails (admins): the address may then register (see register-user). */
export const addApprovedEmail = async (
  deps: CommandDeps,
  email: string,
  metadata: EventMetadata,
): Promise<CommandOutcome> => {
  const emailHash = reservationHash(email);
  return handleCommand({
    store: deps.store,
    streamId: toApprovedEmailStreamId(emailHash),
    decider: approvedEmailDecider,
    command: {
      type: 'AddApprovedEmail',
      emailHash,
      personal: await deps.vault.seal(approvedEmailSubject(emailHash), { email }),
    },
    metadata,
  });
};
