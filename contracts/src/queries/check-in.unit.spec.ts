import { describe, expect, it } from 'vitest';
import { checkInResultSchema } from './check-in';

describe('the check-in answer', () => {
  it('accepts a check-in recorded by an older command service, which does not name the opportunity', () => {
    expect(
      checkInResultSchema.safeParse({ success: true, already_checked_in: false }).success,
    ).toBe(true);
    expect(
      checkInResultSchema.parse({
        success: true,
        already_checked_in: true,
        opportunity_name: 'Park clean-up',
      }).opportunity_name,
    ).toBe('Park clean-up');
  });
});
