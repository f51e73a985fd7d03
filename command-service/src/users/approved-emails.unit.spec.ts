import { describe, expect, it } from 'vitest';
import { addApprovedEmailSchema, type DomainEvent } from '@campus/contracts';
import { approvedEmailDecider } from './approved-emails';

const sealed = { subject: 'email:abc', iv: 'i', data: 'd', tag: 't' };
const command = { type: 'AddApprovedEmail', emailHash: 'abc', personal: sealed } as const;
const added: DomainEvent = {
  type: 'ApprovedEmailAdded',
  data: { v: 1, emailHash: 'abc', personal: sealed },
};

describe('approved email decider', () => {
  it('given nothing, when an address is added, then ApprovedEmailAdded', () => {
    expect(approvedEmailDecider.decide(command, approvedEmailDecider.initialState())).toEqual([
      added,
    ]);
  });

  it('given it was added, when added again, then nothing', () => {
    const state = approvedEmailDecider.evolve(approvedEmailDecider.initialState(), added);
    expect(approvedEmailDecider.decide(command, state)).toEqual([]);
  });
});

describe('approved email body', () => {
  const messagesOf = (body: unknown) =>
    addApprovedEmailSchema.safeParse(body).error?.issues.map((i) => i.message);

  it("uses the spec's messages", () => {
    expect(messagesOf({})).toEqual(['Please enter an email address']);
    expect(messagesOf({ email: '   ' })).toEqual(['Please enter an email address']);
    expect(messagesOf({ email: 'friend@gmail' })).toEqual(['Please enter a valid email address']);
  });

  it('trims and lowercases the address', () => {
    expect(addApprovedEmailSchema.parse({ email: ' Friend@Gmail.com ' })).toEqual({
      email: 'friend@gmail.com',
    });
  });
});
