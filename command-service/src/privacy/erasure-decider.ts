import { texts, type EventOf } from '@campus/contracts';
import { eventTypes, type Decider } from '../decider/decider';
import { NotFoundError } from '../errors';

/** The user stream's events erasure folds (the registration) and decides (the erasure). */
export type ErasureEvent = EventOf<'UserRegistered' | 'UserErased'>;

type ErasureState = {
  readonly registered: boolean;
  readonly erased: boolean;
  /** The reservation hash of the person's email (from their registration), to release it. */
  readonly emailHash: string | null;
};

type ErasureCommand = {
  readonly type: 'EraseUser';
  readonly userId: string;
  readonly erasedAt: string;
};

/**
 * Erasure on the user's stream: only a registered person can be erased, and erasing twice records
 * nothing more (a retried request completes whatever the first one left undone).
 */
export const erasureDecider: Decider<ErasureState, ErasureCommand, ErasureEvent> = {
  eventTypes: eventTypes<ErasureEvent>({ UserRegistered: true, UserErased: true }),
  initialState: () => ({ registered: false, erased: false, emailHash: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'UserRegistered':
        return { ...state, registered: true, emailHash: event.data.emailHash };
      case 'UserErased':
        return { ...state, erased: true };
      default:
        return state;
    }
  },
  decide: (command, state): ErasureEvent[] => {
    if (!state.registered) throw new NotFoundError(texts.notFound.user);
    if (state.erased) return [];
    return [
      {
        type: 'UserErased',
        data: { v: 1, userId: command.userId, erasedAt: command.erasedAt },
      },
    ];
  },
};
