import {
  MAIL_TOPICS,
  type EventOf,
  type MailTopic,
  type UpdateMailPreferences,
} from '@campus/contracts';
import { eventTypes, type Decider } from '../decider/decider';

/** A person's mail preferences stream (docs/mail.md): the kinds of mail they turned off. */
type MailPreferencesEvent = EventOf<'MailPreferencesChanged'>;

export type MailPreferencesCommand =
  | {
      readonly type: 'UpdateMailPreferences';
      readonly userId: string;
      readonly changes: UpdateMailPreferences;
      readonly now: Date;
    }
  | {
      /** A mail's unsubscribe link: one kind off. */
      readonly type: 'Unsubscribe';
      readonly userId: string;
      readonly topic: MailTopic;
      readonly now: Date;
    };

/** The kinds turned off, in MAIL_TOPICS order. */
export type MailPreferencesState = ReadonlySet<MailTopic>;

const inOrder = (off: ReadonlySet<MailTopic>): MailTopic[] => MAIL_TOPICS.filter((t) => off.has(t));

/**
 * Decides the new set of kinds turned off; nothing when it is the same (so a link used twice, or
 * a save that changes nothing, appends no event).
 */
export const mailPreferencesDecider: Decider<
  MailPreferencesState,
  MailPreferencesCommand,
  MailPreferencesEvent
> = {
  eventTypes: eventTypes<MailPreferencesEvent>({ MailPreferencesChanged: true }),
  initialState: () => new Set(),
  evolve: (_state, event) => new Set(event.data.off),
  decide: (command, state) => {
    const off = new Set(state);
    if (command.type === 'Unsubscribe') off.add(command.topic);
    else {
      for (const topic of MAIL_TOPICS) {
        const on = command.changes[topic];
        if (on === true) off.delete(topic);
        if (on === false) off.add(topic);
      }
    }
    const next = inOrder(off);
    if (next.join() === inOrder(state).join()) return [];
    return [
      {
        type: 'MailPreferencesChanged',
        data: {
          v: 1,
          userId: command.userId,
          off: next,
          via: command.type === 'Unsubscribe' ? 'unsubscribe_link' : 'profile',
          at: command.now.toISOString(),
        },
      },
    ];
  },
};
