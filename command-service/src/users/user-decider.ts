import type { EventOf, Sealed, UserRegistered } from '@campus/contracts';
import { eventTypes, type Decider } from '../decider/decider';
import { ConflictError } from '../errors';

export type UserEvent = EventOf<'UserRegistered' | 'AdminGranted'>;

type UserState = { readonly registered: boolean; readonly admin: boolean };

type UserCommand =
  | { readonly type: 'RegisterUser'; readonly registration: UserRegistered }
  | { readonly type: 'GrantAdmin'; readonly userId: string };

export const ALREADY_REGISTERED = 'An account with this email already exists.';

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  eventTypes: eventTypes<UserEvent>({ UserRegistered: true, AdminGranted: true }),
  initialState: () => ({ registered: false, admin: false }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserRegistered':
        return { registered: true, admin: event.data.admin };
      case 'AdminGranted':
        return { ...state, admin: true };
      default:
        return state;
    }
  },
  decide: (command, state): UserEvent[] => {
    switch (command.type) {
      case 'RegisterUser':
        if (state.registered) throw new ConflictError(ALREADY_REGISTERED);
        return [{ type: 'UserRegistered', data: command.registration }];
      case 'GrantAdmin':
        if (!state.registered)
          throw new ConflictError('Only a registered user can become an admin.');
        return state.admin
          ? []
          : [{ type: 'AdminGranted', data: { v: 1, userId: command.userId } }];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown user command ${JSON.stringify(unknown)}`);
      }
    }
  },
};

/** An approved address (any other than the university's may register only when approved). */
export type ApprovedEmailEvent = EventOf<'ApprovedEmailAdded'>;
type ApprovedEmailState = { readonly approved: boolean };
type AddApprovedEmail = {
  readonly type: 'AddApprovedEmail';
  readonly emailHash: string;
  /** The address sealed under `email:<hash>`, so erasing that subject makes it unreadable. */
  readonly personal: Sealed;
};

/** One stream per approved address (named by its hash); adding it again changes nothing. */
export const approvedEmailDecider: Decider<
  ApprovedEmailState,
  AddApprovedEmail,
  ApprovedEmailEvent
> = {
  eventTypes: eventTypes<ApprovedEmailEvent>({ ApprovedEmailAdded: true }),
  initialState: () => ({ approved: false }),
  evolve: () => ({ approved: true }),
  decide: (command, state) =>
    state.approved
      ? []
      : [
          {
            type: 'ApprovedEmailAdded',
            data: { v: 1, emailHash: command.emailHash, personal: command.personal },
          },
        ],
};
