import { describe, expect, it } from 'vitest';
import { monthsBetween } from './refresh-boards';

describe('monthsBetween', () => {
  it('lists every month across a year boundary, both ends included', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(monthsBetween('2026-03', '2026-03')).toEqual(['2026-03']);
    expect(monthsBetween('2026-04', '2026-03')).toEqual([]);
  });
});
