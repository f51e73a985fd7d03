import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@campus/contracts';
import { NotFoundError } from '@campus/infra';
import { erasureDecider } from './erasure-decider';

const USER = '6f0c61a4-4d43-4b5e-9d43-6ab2b8f0a001';
const AT = '2026-03-03T15:00:00.000Z';
const registered: DomainEvent = {
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
const fold = (events: DomainEvent[]) =>
  events.reduce(erasureDecider.evolve, erasureDecider.initialState());
const erase = { type: 'EraseUser', userId: USER, erasedAt: AT } as const;

describe('erasure decider', () => {
  it('erases a registered person once, remembering the email hash to release', () => {
    const state = fold([registered]);
    expect(state).toEqual({ registered: true, erased: false, emailHash: 'hash-1' });
    const events = erasureDecider.decide(erase, state);
    expect(events).toEqual([{ type: 'UserErased', data: { v: 1, userId: USER, erasedAt: AT } }]);
    expect(erasureDecider.decide(erase, fold([registered, ...events]))).toEqual([]);
  });

  it('refuses someone who never registered', () => {
    expect(() => erasureDecider.decide(erase, fold([]))).toThrow(NotFoundError);
  });
});
