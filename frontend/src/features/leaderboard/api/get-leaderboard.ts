import type { Leaderboard, LeaderboardQuery } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type LeaderboardPeriod = LeaderboardQuery['period'];

/** GET /api/leaderboard?period=&board= */
export const getLeaderboard = (
  period: LeaderboardPeriod,
  board: string,
  signal?: AbortSignal,
): Promise<Leaderboard> => api.request('getLeaderboard', { query: { period, board }, signal });

export const leaderboardQueryOptions = (period: LeaderboardPeriod, board: string) =>
  queryOptions({
    queryKey: ['leaderboard', period, board],
    queryFn: ({ signal }) => getLeaderboard(period, board, signal),
  });

export type LeaderboardView = ReturnType<typeof useLeaderboard>;

/**
 * The board of the chosen period; when the monthly board fails to load, the all-time board of the
 * same tab instead. `shownPeriod` is the period actually shown, `fellBack` whether the
 * monthly load failed.
 */
export const useLeaderboard = (period: LeaderboardPeriod, board: string) => {
  const monthly = useQuery({
    ...leaderboardQueryOptions('monthly', board),
    enabled: period === 'monthly',
  });
  const fellBack = period === 'monthly' && monthly.isError;
  const shownPeriod: LeaderboardPeriod = fellBack ? 'all' : period;
  const shown = useQuery({
    ...leaderboardQueryOptions('all', board),
    enabled: shownPeriod === 'all',
  });
  const query = shownPeriod === 'all' ? shown : monthly;
  return {
    shownPeriod,
    fellBack,
    data: query.data,
    isPending: query.isPending,
    isError: query.isError,
    refetch: () => void query.refetch(),
    /** Tries the monthly board again (after a fallback). */
    retryMonthly: () => void monthly.refetch(),
  };
};
