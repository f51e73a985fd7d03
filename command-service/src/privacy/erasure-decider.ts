import { texts, type DomainEvent } from '@campus/contracts';
import { NotFoundError } from '@campus/infra';
import type { Decider } from '../decider/decider';

export type ErasureState = {
  readonly registered: boolean;
  readonly erased: boolean;
  /** The reservation hash of the person's email (from their registration), to release it. */
  readonly emailHash: string | null;
};

export type ErasureCommand = {
  readonly type: 'EraseUser';
  readonly userId: string;
  readonly erasedAt: string;
};

/**
 * Erasure on the user's stream: only a registered person can be erased, and erasing twice records
 * nothing more (a retried request completes whatever the first one left undone).
 */
export const erasureDecider: Decider<ErasureState, ErasureCommand> = {
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
  decide: (command, state): DomainEvent[] => {
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
