import { easternToInstant } from '@campus/contracts';
import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, formatTime, formatTimeRange } from './format-date';

const startOf = (date: string, time: string) => easternToInstant(date, time).toISOString();

describe('opportunity date and time display (Eastern, US English, 12-hour)', () => {
  it('writes dates in US English', () => {
    const start = startOf('2025-10-03', '14:30');
    expect(formatLongDate(start)).toBe('Friday, October 3, 2025');
    expect(formatShortDate(start)).toBe('Fri, Oct 3, 2025');
  });

  it('shows Eastern time whatever the instant is in UTC', () => {
    // 01:30 UTC on Oct 4 is still Oct 3 in the evening in New York.
    expect(formatTime('2025-10-04T01:30:00.000Z')).toBe('9:30 PM');
    expect(formatShortDate('2025-10-04T01:30:00.000Z')).toBe('Fri, Oct 3, 2025');
  });

  it.each([
    ['09:00', 60, '9:00 AM – 10:00 AM'],
    ['11:30', 60, '11:30 AM – 12:30 PM'],
    ['11:45', 30, '11:45 AM – 12:15 PM'],
    ['12:00', 45, '12:00 PM – 12:45 PM'],
    ['00:15', 30, '12:15 AM – 12:45 AM'],
    ['23:00', 120, '11:00 PM – 1:00 AM (next day)'],
    ['23:30', 30, '11:30 PM – 12:00 AM (next day)'],
    ['22:00', 1439, '10:00 PM – 9:59 PM (next day)'],
  ])('ends a %s start lasting %i minutes at the right 12-hour time', (time, minutes, range) => {
    expect(formatTimeRange(startOf('2025-10-03', time), minutes)).toBe(range);
  });

  it('adds the duration in real time across a daylight-saving change', () => {
    // 2025-11-02 02:00 EDT becomes 01:00 EST: 00:30 + 120 minutes of real time is 01:30 EST.
    expect(formatTimeRange(startOf('2025-11-02', '00:30'), 120)).toBe('12:30 AM – 1:30 AM');
  });
});
