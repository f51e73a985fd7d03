import { describe, expect, it } from 'vitest';
import { PHONE_MAX_DIGITS, TEXT_LIMITS, TOTAL_SLOTS_MAX } from '../domain/limits';
import { multiLineText, requiredText, singleLineText } from './common';
import { updateOpportunitySchema } from './opportunities';
import { updateProfileSchema } from './profile';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

describe('text fields: bounded, no control characters, named in the error', () => {
  it('a single-line text refuses every control character and an unpaired surrogate', () => {
    const name = singleLineText('Name', 10);
    for (const bad of [
      'a\u0000b',
      'a\tb',
      'a\nb',
      'a\u001bb',
      'a\u007fb',
      'a\u0085b',
      'a\ud800b',
    ]) {
      expect(name.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(name.safeParse('a\u0000b').error?.issues[0]?.message).toBe(
      'Name must not contain control characters',
    );
    expect(name.parse('  Ada 𝄞 ')).toBe('Ada 𝄞');
  });

  it('a multi-line text keeps tabs and line breaks and refuses the rest', () => {
    const bio = multiLineText('Bio', 20);
    expect(bio.parse('one\r\ntwo\tthree')).toBe('one\r\ntwo\tthree');
    expect(bio.safeParse('one\u0000two').success).toBe(false);
    expect(bio.safeParse('x'.repeat(21)).error?.issues[0]?.message).toBe(
      'Bio must be at most 20 characters',
    );
  });

  it('a required text names itself when blank', () => {
    expect(requiredText('Name', 5).safeParse('   ').error?.issues[0]?.message).toBe(
      'Name is required',
    );
  });

  it('profile edits: phone at most 20 digits, names and bio bounded', () => {
    expect(updateProfileSchema.safeParse({ phone: '5'.repeat(PHONE_MAX_DIGITS) }).success).toBe(
      true,
    );
    expect(
      issues(updateProfileSchema.safeParse({ phone: '5'.repeat(PHONE_MAX_DIGITS + 1) })),
    ).toEqual([['phone', 'Phone must be at most 20 digits']]);
    expect(
      issues(updateProfileSchema.safeParse({ first_name: 'x'.repeat(TEXT_LIMITS.personName + 1) })),
    ).toEqual([
      ['first_name', `First name must be at most ${String(TEXT_LIMITS.personName)} characters`],
    ]);
  });

  it('opportunity edits: the same slot bound as on create, tags without controls', () => {
    expect(updateOpportunitySchema.safeParse({ total_slots: TOTAL_SLOTS_MAX }).success).toBe(true);
    expect(issues(updateOpportunitySchema.safeParse({ total_slots: TOTAL_SLOTS_MAX + 1 }))).toEqual(
      [['total_slots', 'Total slots must be at most 100,000']],
    );
    expect(issues(updateOpportunitySchema.safeParse({ tags: ['ok', 'b\u0000d'] }))).toEqual([
      ['tags.1', 'Tag must not contain control characters'],
    ]);
  });
});
