import { describe, expect, it } from 'vitest';
import { formatTranscriptDate } from './pdf';

describe('formatTranscriptDate', () => {
  it('writes calendar dates as the screens do, in US English', () => {
    expect(formatTranscriptDate('2026-03-10')).toBe('Mar 10, 2026');
    expect(formatTranscriptDate('2026-11-24')).toBe('Nov 24, 2026');
    // The calendar date itself, whatever the machine's time zone.
    expect(formatTranscriptDate('2026-01-01')).toBe('Jan 1, 2026');
    expect(formatTranscriptDate('2025-12-31')).toBe('Dec 31, 2025');
  });

  it('leaves anything that is not a calendar date as it came', () => {
    expect(formatTranscriptDate('')).toBe('');
    expect(formatTranscriptDate('soon')).toBe('soon');
    expect(formatTranscriptDate('2026-13-45')).toBe('2026-13-45');
    // An impossible day is not rolled over into the next month.
    expect(formatTranscriptDate('2026-02-30')).toBe('2026-02-30');
    expect(formatTranscriptDate('2025-02-29')).toBe('2025-02-29');
    expect(formatTranscriptDate('2026-04-31')).toBe('2026-04-31');
    // A real leap day is a date.
    expect(formatTranscriptDate('2028-02-29')).toBe('Feb 29, 2028');
  });
});
