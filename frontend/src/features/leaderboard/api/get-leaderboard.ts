import type { Leaderboard, LeaderboardQuery } from '@campus/contracts';
import {
  queryOptions,
  useQuery,
  useQueryClient,
  type DefaultOptions,
  type QueryKey,
} from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';

export type LeaderboardPeriod = LeaderboardQuery['period'];

/** GET /api/leaderboard?period=&board= */
const getLeaderboard = (
  period: LeaderboardPeriod,
  board: string,
  signal?: AbortSignal,
): Promise<Leaderboard> => api.request('getLeaderboard', { query: { period, board }, signal });

const leaderboardQueryOptions = (period: LeaderboardPeriod, board: string) =>
  queryOptions({
    queryKey: ['leaderboard', period, board],
    queryFn: ({ signal }) => getLeaderboard(period, board, signal),
  });

/**
 * The leaderboards cannot be read for now (503): Redis is away or the boards are being rebuilt.
 * Both periods come from the same place, so the other period would fail the same way.
 */
const isLeaderboardUnavailable = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 503;

/** The wait before a board is read again while the leaderboards are unavailable. */
const LEADERBOARD_UNAVAILABLE_RETRY_MS = 5_000;

/** Reads by themselves while the leaderboards are unavailable (about a minute), then Retry. */
const LEADERBOARD_UNAVAILABLE_RETRIES = 12;

type QueryDefaults = NonNullable<DefaultOptions['queries']>;

/**
 * The query client's own retry rule and delays, except that while the leaderboards are unavailable
 * a board is read again every LEADERBOARD_UNAVAILABLE_RETRY_MS, LEADERBOARD_UNAVAILABLE_RETRIES
 * times at most.
 */
const retryOptions = (defaults: QueryDefaults | undefined) => ({
  retry: (failureCount: number, error: Error): boolean => {
    if (isLeaderboardUnavailable(error)) return failureCount < LEADERBOARD_UNAVAILABLE_RETRIES;
    const retry = defaults?.retry ?? 3;
    if (typeof retry === 'function') return retry(failureCount, error);
    return typeof retry === 'number' ? failureCount < retry : retry;
  },
  retryDelay: (failureCount: number, error: Error): number => {
    if (isLeaderboardUnavailable(error)) return LEADERBOARD_UNAVAILABLE_RETRY_MS;
    const delay = defaults?.retryDelay;
    if (typeof delay === 'function') return delay(failureCount, error);
    return delay ?? Math.min(1000 * 2 ** failureCount, 30_000);
  },
});

/**
 * The board of the chosen period; when the monthly board fails to load, the all-time board of the
 * same tab instead, unless the leaderboards are unavailable (the all-time board would fail too).
 * `shownPeriod` is the period actually shown, `fellBack` whether the monthly load failed, and
 * `unavailable` whether the shown board is waiting for the leaderboards to come back (`failure`
 * holds the server's words; the board is read again by itself meanwhile).
 */
export const useLeaderboard = (period: LeaderboardPeriod, board: string) => {
  const queryClient = useQueryClient();
  const retry = retryOptions(queryClient.getDefaultOptions().queries);
  const monthly = useQuery({
    ...leaderboardQueryOptions('monthly', board),
    ...retry,
    enabled: period === 'monthly',
  });
  const fellBack =
    period === 'monthly' && monthly.isError && !isLeaderboardUnavailable(monthly.error);
  const shownPeriod: LeaderboardPeriod = fellBack ? 'all' : period;
  const shownKey: QueryKey = leaderboardQueryOptions(shownPeriod, board).queryKey;
  const shown = useQuery({
    ...leaderboardQueryOptions('all', board),
    ...retry,
    enabled: shownPeriod === 'all',
  });
  const query = shownPeriod === 'all' ? shown : monthly;
  // While reads are retried the query stays pending and its failure is the last one.
  const failure = query.isError ? query.error : query.failureReason;
  return {
    shownPeriod,
    fellBack,
    data: query.data,
    isPending: query.isPending,
    isError: query.isError,
    unavailable: (query.isPending || query.isError) && isLeaderboardUnavailable(failure),
    failure,
    /** Reads the shown board again now, also in the middle of the waits between retries. */
    refetch: () =>
      void queryClient
        .cancelQueries({ queryKey: shownKey, exact: true })
        .then(() => query.refetch()),
    /** Tries the monthly board again (after a fallback). */
    retryMonthly: () => void monthly.refetch(),
  };
};
