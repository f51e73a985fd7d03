import { describe, expect, it } from 'vitest';
import { hoursByMonth, hoursByType } from './service-hours';

const rows = [
  { month: '2026-03', organization_type: 'Sports Team', hours: 3 },
  { month: '2026-03', organization_type: null, hours: 0.25 },
  { month: '2026-02', organization_type: 'Cultural', hours: 1.5 },
  { month: '2026-03', organization_type: 'Cultural', hours: 2 },
];

describe('service hours for the chart', () => {
  it('pivots months ascending with a key per organization type', () => {
    expect(hoursByMonth(rows, 'None')).toEqual({
      months: [
        { month: '2026-02', Cultural: 1.5 },
        { month: '2026-03', 'Sports Team': 3, None: 0.25, Cultural: 2 },
      ],
      types: ['Cultural', 'None', 'Sports Team'],
    });
  });

  it('totals each type, most hours first', () => {
    expect(hoursByType(rows, 'None')).toEqual([
      { type: 'Cultural', hours: 3.5 },
      { type: 'Sports Team', hours: 3 },
      { type: 'None', hours: 0.25 },
    ]);
  });
});
