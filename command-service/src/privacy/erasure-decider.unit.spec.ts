import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../errors';
import { deciderSpec } from '../testing/decider-spec';
import { erasureDecider, type ErasureEvent } from './erasure-decider';

const USER = '6f0c61a4-4d43-4b5e-9d43-6ab2b8f0a001';
const AT = '2026-03-03T15:00:00.000Z';
const registered: ErasureEvent = {
  type: 'UserRegistered',
  data: {
    v: 1,
    userId: USER,
    emailHash: 'hash-1',
    personal: { subject: USER, iv: 'iv', data: 'data', tag: 'tag' },
    admin: false,
    carSeats: 0,
    graduationYear: null,
    academicLevel: null,
    major: null,
    registeredAt: AT,
  },
};
const erase = { type: 'EraseUser', userId: USER, erasedAt: AT } as const;
const erased: ErasureEvent = { type: 'UserErased', data: { v: 1, userId: USER, erasedAt: AT } };
const spec = deciderSpec(erasureDecider);

describe('erasure decider', () => {
  it('erases a registered person once, remembering the email hash to release', () => {
    expect([registered].reduce(erasureDecider.evolve, erasureDecider.initialState())).toEqual({
      registered: true,
      erased: false,
      emailHash: 'hash-1',
    });
    spec.given([registered]).when(erase).then([erased]);
    spec.given([registered, erased]).when(erase).thenNothingHappened();
  });

  it('refuses someone who never registered', () => {
    spec.given().when(erase).thenThrows(NotFoundError);
  });
});
