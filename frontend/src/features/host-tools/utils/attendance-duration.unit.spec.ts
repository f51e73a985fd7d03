import { describe, expect, it } from 'vitest';
import { clampHours, clampMinutes, splitDuration } from './attendance-duration';

describe('attendance duration inputs', () => {
  it('clamps hours to 0..24 and minutes to 0..59', () => {
    expect(clampHours('30')).toBe(24);
    expect(clampHours('7')).toBe(7);
    expect(clampMinutes('75')).toBe(59);
    expect(clampMinutes('-4')).toBe(0);
  });

  it('resets anything non-numeric to 0', () => {
    expect(clampHours('abc')).toBe(0);
    expect(clampHours('3a')).toBe(0);
    expect(clampMinutes('')).toBe(0);
  });

  it('splits a duration into hours and minutes', () => {
    expect(splitDuration(90)).toEqual({ hours: 1, minutes: 30 });
    expect(splitDuration(45)).toEqual({ hours: 0, minutes: 45 });
  });
});
