import { describe, it } from 'vitest';
import { ConflictError } from '../errors';
import { deciderSpec } from '../testing/decider-spec';
import { reservationDecider, type ReservationEvent } from './reservation-decider';

const spec = deciderSpec(reservationDecider);
const claim = (ownerId: string) => ({ type: 'Claim' as const, ownerId, takenMessage: 'taken' });
const claimed = (ownerId: string): ReservationEvent => ({
  type: 'ReservationClaimed',
  data: { v: 1, ownerId },
});
const released = (ownerId: string): ReservationEvent => ({
  type: 'ReservationReleased',
  data: { v: 1, ownerId },
});

describe('reservation decider', () => {
  it('claims a free value, and re-claiming by the same owner is a no-op', () => {
    spec
      .given()
      .when(claim('a'))
      .then([claimed('a')]);
    spec
      .given([claimed('a')])
      .when(claim('a'))
      .thenNothingHappened();
  });

  it('refuses a value claimed by another owner with the given message', () => {
    spec
      .given([claimed('a')])
      .when(claim('b'))
      .thenThrows(ConflictError, 'taken');
  });

  it('can be claimed again after its release', () => {
    spec
      .given([claimed('a'), released('a')])
      .when(claim('b'))
      .then([claimed('b')]);
  });

  it('only the owner releases', () => {
    spec
      .given([claimed('a')])
      .when({ type: 'Release', ownerId: 'b' })
      .thenNothingHappened();
    spec
      .given([claimed('a')])
      .when({ type: 'Release', ownerId: 'a' })
      .then([released('a')]);
  });
});
