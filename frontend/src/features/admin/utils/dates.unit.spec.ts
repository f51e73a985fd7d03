import { describe, expect, it } from 'vitest';
import { defaultServiceRange, isValidRange, monthsBefore } from './dates';

describe('service data range', () => {
  it('defaults to two months ago up to today in Eastern time', () => {
    // 02:00 UTC on May 1st is still April 30th in New York.
    expect(defaultServiceRange(new Date('2026-05-01T02:00:00Z'))).toEqual({
      start: '2026-02-28',
      end: '2026-04-30',
    });
    expect(defaultServiceRange(new Date('2026-03-15T15:00:00Z'))).toEqual({
      start: '2026-01-15',
      end: '2026-03-15',
    });
  });

  it('clamps the day to the shorter month and crosses years', () => {
    expect(monthsBefore('2026-02-15', 2)).toBe('2025-12-15');
    expect(monthsBefore('2026-04-30', 2)).toBe('2026-02-28');
  });

  it('accepts only ordered YYYY-MM-DD ranges', () => {
    expect(isValidRange('2026-01-01', '2026-01-01')).toBe(true);
    expect(isValidRange('2026-02-01', '2026-01-01')).toBe(false);
    expect(isValidRange('2026-1-1', '2026-01-02')).toBe(false);
  });
});
