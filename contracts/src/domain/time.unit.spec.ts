import { describe, expect, it } from 'vitest';
import {
  easternToday,
  easternToInstant,
  instantToEastern,
  isValidDate,
  splitLocalDateTime,
} from './time';

describe('Eastern time conversions', () => {
  it('uses EDT (UTC-4) in summer and EST (UTC-5) in winter', () => {
    expect(easternToInstant('2026-07-04', '10:00').toISOString()).toBe('2026-07-04T14:00:00.000Z');
    expect(easternToInstant('2026-01-15', '10:00').toISOString()).toBe('2026-01-15T15:00:00.000Z');
  });

  it('handles the spring-forward and fall-back days', () => {
    expect(easternToInstant('2026-03-08', '12:00').toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(easternToInstant('2026-11-01', '12:00').toISOString()).toBe('2026-11-01T17:00:00.000Z');
  });

  it('round-trips an instant', () => {
    expect(instantToEastern(new Date('2026-12-01T03:30:00Z'))).toEqual({
      date: '2026-11-30',
      time: '22:30',
    });
  });

  it("knows today's Eastern date around midnight UTC", () => {
    expect(easternToday(new Date('2026-10-01T02:00:00Z'))).toBe('2026-09-30');
    expect(easternToday(new Date('2026-10-01T05:00:00Z'))).toBe('2026-10-01');
  });

  it('validates calendar dates and combined local date-times', () => {
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('2028-02-29')).toBe(true);
    expect(splitLocalDateTime('2026-05-01T09:30')).toEqual({ date: '2026-05-01', time: '09:30' });
    expect(splitLocalDateTime('2026-05-01T25:30')).toBeNull();
  });
});
