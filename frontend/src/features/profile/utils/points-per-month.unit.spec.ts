import type { PointsHistory } from '@campus/contracts';
import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatChange, formatHours, formatShortMonth } from './format';
import { pointsPerMonth } from './points-per-month';

type Entry = PointsHistory['entries'][number];

const anEntry = (opportunity_date: string, change: number): Entry => ({
  id: `${opportunity_date}-${change}`,
  at: `${opportunity_date}T20:00:00.000Z`,
  reason: 'attendance',
  opportunity_id: 'o-1',
  opportunity_name: 'Food drive',
  opportunity_date,
  logged: null,
  actor_id: null,
  actor_name: null,
  change,
  running_total: 0,
});

describe('pointsPerMonth', () => {
  it('sums the changes per month the points count on, filling empty months with 0', () => {
    expect(
      pointsPerMonth([
        anEntry('2025-09-20', 60),
        anEntry('2025-09-30', 5),
        anEntry('2025-11-02', 90),
        anEntry('2026-01-15', 30),
      ]),
    ).toEqual([
      { month: '2025-09', points: 65 },
      { month: '2025-10', points: 0 },
      { month: '2025-11', points: 90 },
      { month: '2025-12', points: 0 },
      { month: '2026-01', points: 30 },
    ]);
  });

  it('orders months even when the ledger lines are not in date order', () => {
    expect(pointsPerMonth([anEntry('2025-11-01', 10), anEntry('2025-10-31', 20)])).toEqual([
      { month: '2025-10', points: 20 },
      { month: '2025-11', points: 10 },
    ]);
  });

  it('has no months without ledger lines', () => {
    expect(pointsPerMonth([])).toEqual([]);
  });
});

describe('profile formats', () => {
  it.each([
    [0, '0.0'],
    [1, '1.0'],
    [1.5, '1.5'],
    [2.1, '2.1'],
    [16.7, '16.7'],
    [100, '100.0'],
  ])('shows %d hours (as the server rounded them) as %s', (hours, shown) => {
    expect(formatHours(hours)).toBe(shown);
  });

  it('writes dates and months in US English without shifting the day', () => {
    expect(formatCalendarDate('2025-10-01')).toBe('Oct 1, 2025');
    expect(formatCalendarDate('2025-12-31')).toBe('Dec 31, 2025');
    expect(formatShortMonth('2025-09')).toBe('Sep 2025');
  });

  it('signs point changes', () => {
    expect(formatChange(60)).toBe('+60');
    expect(formatChange(-5)).toBe('-5');
    expect(formatChange(0)).toBe('0');
  });
});
