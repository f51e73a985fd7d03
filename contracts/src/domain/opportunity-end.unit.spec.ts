import { describe, expect, it } from 'vitest';
import { endsAt, hasEnded, hasStarted } from './opportunity-rules';

const START = '2026-05-01T14:00:00.000Z';
const at = (minutesAfterStart: number) => new Date(Date.parse(START) + minutesAfterStart * 60_000);

describe('the end of an opportunity', () => {
  it('is the start plus the duration in minutes', () => {
    expect(endsAt(START, 90).toISOString()).toBe('2026-05-01T15:30:00.000Z');
    expect(endsAt(new Date(START), 0).toISOString()).toBe(START);
  });

  it('has ended at the end instant and after it, not a millisecond before', () => {
    expect(hasEnded(new Date(at(90).getTime() - 1), START, 90)).toBe(false);
    expect(hasEnded(at(90), START, 90)).toBe(true);
    expect(hasEnded(at(24 * 60), START, 90)).toBe(true);
  });

  it('is under way between the start and the end', () => {
    expect(hasStarted(at(30), START)).toBe(true);
    expect(hasEnded(at(30), START, 90)).toBe(false);
    expect(hasEnded(at(-60), START, 90)).toBe(false);
  });
});
