import { describe, expect, it } from 'vitest';
import type { DomainEvent, UserRegistered } from '@campus/contracts';
import { ConflictError } from '@campus/infra';
import { reservationDecider } from '../decider/reservation';
import { userDecider } from './user-decider';

const given = <S>(
  decider: { initialState: () => S; evolve: (s: S, e: DomainEvent) => S },
  events: DomainEvent[],
) => events.reduce(decider.evolve, decider.initialState());

const registration: UserRegistered = {
  v: 1,
  userId: '6f1c1b84-7f55-4d1b-9c55-0a6f4c1d2e3f',
  emailHash: 'abc',
  personal: { subject: 'x', iv: 'i', data: 'd', tag: 't' },
  admin: false,
  carSeats: 0,
  graduationYear: null,
  academicLevel: null,
  major: null,
  registeredAt: '2026-01-01T00:00:00.000Z',
};

describe('user decider', () => {
  it('given no events, when RegisterUser, then UserRegistered', () => {
    expect(
      userDecider.decide({ type: 'RegisterUser', registration }, given(userDecider, [])),
    ).toEqual([{ type: 'UserRegistered', data: registration }]);
  });

  it('given UserRegistered, when RegisterUser again, then conflict', () => {
    const state = given(userDecider, [{ type: 'UserRegistered', data: registration }]);
    expect(() => userDecider.decide({ type: 'RegisterUser', registration }, state)).toThrow(
      ConflictError,
    );
  });

  it('grants admin once', () => {
    const state = given(userDecider, [{ type: 'UserRegistered', data: registration }]);
    const events = userDecider.decide({ type: 'GrantAdmin', userId: registration.userId }, state);
    expect(events).toEqual([{ type: 'AdminGranted', data: { v: 1, userId: registration.userId } }]);
    const after = given(userDecider, [{ type: 'UserRegistered', data: registration }, ...events]);
    expect(userDecider.decide({ type: 'GrantAdmin', userId: registration.userId }, after)).toEqual(
      [],
    );
  });
});

describe('reservation decider', () => {
  const claim = (ownerId: string) => ({ type: 'Claim' as const, ownerId, takenMessage: 'taken' });

  it('claims a free value, and re-claiming by the same owner is a no-op', () => {
    const events = reservationDecider.decide(claim('a'), given(reservationDecider, []));
    expect(events).toEqual([{ type: 'ReservationClaimed', data: { v: 1, ownerId: 'a' } }]);
    expect(reservationDecider.decide(claim('a'), given(reservationDecider, events))).toEqual([]);
  });

  it('refuses a value claimed by another owner with the given message', () => {
    const state = given(reservationDecider, [
      { type: 'ReservationClaimed', data: { v: 1, ownerId: 'a' } },
    ]);
    expect(() => reservationDecider.decide(claim('b'), state)).toThrow('taken');
  });

  it('can be claimed again after its release', () => {
    const state = given(reservationDecider, [
      { type: 'ReservationClaimed', data: { v: 1, ownerId: 'a' } },
      { type: 'ReservationReleased', data: { v: 1, ownerId: 'a' } },
    ]);
    expect(reservationDecider.decide(claim('b'), state)).toHaveLength(1);
  });

  it('only the owner releases', () => {
    const state = given(reservationDecider, [
      { type: 'ReservationClaimed', data: { v: 1, ownerId: 'a' } },
    ]);
    expect(reservationDecider.decide({ type: 'Release', ownerId: 'b' }, state)).toEqual([]);
  });
});
