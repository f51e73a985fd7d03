import { describe, expect, it } from 'vitest';
import { addApprovedEmailSchema } from '@campus/contracts';

describe('approved email body', () => {
  const messagesOf = (body: unknown) =>
    addApprovedEmailSchema.safeParse(body).error?.issues.map((i) => i.message);

  it('uses the exact messages', () => {
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
