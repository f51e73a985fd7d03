import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatChange, formatEasternInstant } from './format';

describe('audit formatting', () => {
  it('shows instants in Eastern time across daylight saving', () => {
    expect(formatEasternInstant('2026-03-10T20:00:00.000Z')).toBe('Mar 10, 2026, 4:00 PM');
    expect(formatEasternInstant('2026-01-10T20:00:00.000Z')).toBe('Jan 10, 2026, 3:00 PM');
  });

  it('shows calendar dates without shifting the day', () => {
    expect(formatCalendarDate('2026-03-10')).toBe('Mar 10, 2026');
    expect(formatCalendarDate('2025-12-31')).toBe('Dec 31, 2025');
  });

  it('signs changes', () => {
    expect([formatChange(60), formatChange(-5), formatChange(0)]).toEqual(['+60', '-5', '0']);
  });
});
