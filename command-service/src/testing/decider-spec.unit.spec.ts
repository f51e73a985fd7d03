import { describe, expect, it } from 'vitest';
import { reservationDecider, type ReservationEvent } from '../decider/reservation-decider';
import { ConflictError, NotFoundError } from '../errors';
import { deciderSpec } from './decider-spec';

const spec = deciderSpec(reservationDecider);
const claim = (ownerId: string) => ({ type: 'Claim' as const, ownerId, takenMessage: 'taken' });
const claimed = (ownerId: string): ReservationEvent => ({
  type: 'ReservationClaimed',
  data: { v: 1, ownerId },
});

/** The helper's own failures: each specification below must not pass. */
describe('decider specification', () => {
  it('then fails on other events, or when the check fails', () => {
    expect(() =>
      spec
        .given()
        .when(claim('a'))
        .then([claimed('b')]),
    ).toThrow();
    expect(() => spec.given().when(claim('a')).then([])).toThrow();
    expect(() =>
      spec
        .given()
        .when(claim('a'))
        .then((events) => expect(events).toHaveLength(2)),
    ).toThrow();
  });

  it('thenNothingHappened fails when events are decided', () => {
    expect(() => spec.given().when(claim('a')).thenNothingHappened()).toThrow();
  });

  it('thenThrows fails when nothing is refused, on another class or message, or a failing check', () => {
    expect(() => spec.given().when(claim('a')).thenThrows(ConflictError)).toThrow(
      'expected a ConflictError',
    );
    const taken = spec.given([claimed('a')]).when(claim('b'));
    expect(() => taken.thenThrows(NotFoundError)).toThrow();
    expect(() => taken.thenThrows(ConflictError, 'tak')).toThrow();
    expect(() => taken.thenThrows(ConflictError, /^other/)).toThrow();
    expect(() =>
      taken.thenThrows(ConflictError, 'taken', (error) => expect(error.fieldErrors).toBeDefined()),
    ).toThrow();
    taken.thenThrows(ConflictError, 'taken');
    taken.thenThrows(ConflictError, /^tak/);
  });

  it('refuses decided events that do not match their contracts schema', () => {
    const unreadable = deciderSpec({
      ...reservationDecider,
      decide: () => [{ type: 'ReservationClaimed', data: { v: 2, ownerId: 'a' } }],
    });
    expect(() => unreadable.given().when(claim('a')).decided()).toThrow();
    expect(() => unreadable.given().when(claim('a')).then([])).toThrow();
  });
});
