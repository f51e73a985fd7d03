import { toMailPreferencesStreamId, type EventMetadata } from '@campus/contracts';
import { handleCommand, type CommandOutcome } from '../decider/decider';
import type { CommandDeps } from '../http/context';
import { mailPreferencesDecider, type MailPreferencesCommand } from './mail-decider';

/** Decides a change of one person's mail preferences on their own stream (docs/mail.md). */
export const changeMailPreferences = (
  deps: Pick<CommandDeps, 'store'>,
  command: MailPreferencesCommand,
  metadata: EventMetadata,
): Promise<CommandOutcome> =>
  handleCommand({
    store: deps.store,
    streamId: toMailPreferencesStreamId(command.userId),
    decider: mailPreferencesDecider,
    command,
    metadata,
  });
