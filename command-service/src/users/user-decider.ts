import type { DomainEvent, UserRegistered } from '@campus/contracts';
import { ConflictError } from '@campus/infra';
import type { Decider } from '../decider/decider';

export type UserState = { readonly registered: boolean; readonly admin: boolean };

export type UserCommand =
  | { readonly type: 'RegisterUser'; readonly registration: UserRegistered }
  | { readonly type: 'GrantAdmin'; readonly userId: string };

export const ALREADY_REGISTERED = 'An account with this email already exists.';

export const userDecider: Decider<UserState, UserCommand> = {
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
  decide: (command, state): DomainEvent[] => {
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

export type ApprovedEmailState = { readonly approved: boolean };
export const approvedEmailEvolve = (
  state: ApprovedEmailState,
  event: DomainEvent,
): ApprovedEmailState => (event.type === 'ApprovedEmailAdded' ? { approved: true } : state);
