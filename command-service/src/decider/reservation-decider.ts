import type { EventOf } from '@campus/contracts';
import { ConflictError } from '../errors';
import { eventTypes, type Decider } from './decider';

export type ReservationEvent = EventOf<'ReservationClaimed' | 'ReservationReleased'>;

type ReservationState = { readonly ownerId: string | null };
export type ReservationCommand =
  | { readonly type: 'Claim'; readonly ownerId: string; readonly takenMessage: string }
  | { readonly type: 'Release'; readonly ownerId: string };

/** Claims and releases of one unique value (see contracts' reservation events). */
export const reservationDecider: Decider<ReservationState, ReservationCommand, ReservationEvent> = {
  eventTypes: eventTypes<ReservationEvent>({ ReservationClaimed: true, ReservationReleased: true }),
  initialState: () => ({ ownerId: null }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'ReservationClaimed':
        return { ownerId: event.data.ownerId };
      case 'ReservationReleased':
        return state.ownerId === event.data.ownerId ? { ownerId: null } : state;
      default:
        return state;
    }
  },
  decide: (command, state): ReservationEvent[] => {
    switch (command.type) {
      case 'Claim':
        if (state.ownerId === command.ownerId) return [];
        if (state.ownerId !== null) throw new ConflictError(command.takenMessage);
        return [{ type: 'ReservationClaimed', data: { v: 1, ownerId: command.ownerId } }];
      case 'Release':
        return state.ownerId === command.ownerId
          ? [{ type: 'ReservationReleased', data: { v: 1, ownerId: command.ownerId } }]
          : [];
      default: {
        const unknown: never = command;
        throw new Error(`Unknown reservation command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
