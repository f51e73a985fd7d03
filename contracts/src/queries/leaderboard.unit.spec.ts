import { describe, expect, it } from 'vitest';
import { currentBoardMonth, leaderboardQuerySchema, windowStartOf } from './leaderboard';

const LAUNCH = '2025-09-16';

describe('the monthly window', () => {
  it('counts from the launch date until October 1st, then from the 1st of each month', () => {
    expect(currentBoardMonth('2025-09-01', LAUNCH)).toEqual({ month: '2025-09', from: LAUNCH });
    expect(currentBoardMonth('2025-09-30', LAUNCH)).toEqual({ month: '2025-09', from: LAUNCH });
    expect(currentBoardMonth('2025-10-01', LAUNCH)).toEqual({
      month: '2025-10',
      from: '2025-10-01',
    });
    expect(currentBoardMonth('2026-01-31', LAUNCH)).toEqual({
      month: '2026-01',
      from: '2026-01-01',
    });
    expect(windowStartOf('2025-09', LAUNCH)).toBe(LAUNCH);
  });
});

describe('leaderboard parameters', () => {
  it('defaults to the monthly individuals board, 50 entries', () => {
    expect(leaderboardQuerySchema.parse({})).toEqual({
      period: 'monthly',
      board: 'individuals',
      limit: 50,
    });
    expect(leaderboardQuerySchema.parse({ board: 'performing-arts-group', limit: '10' })).toEqual(
      expect.objectContaining({ board: 'performing-arts-group', limit: 10 }),
    );
  });
});
