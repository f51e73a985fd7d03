import type { Notifications } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/notifications: the friend requests the signed-in user has not answered, and the
 * decisions on their logged service hours of the last 30 days.
 */
const getNotifications = (): Promise<Notifications> => api.request('getNotifications');

const NOTIFICATIONS_REFRESH_MS = 60_000;

const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications'],
    queryFn: getNotifications,
    // A failing route (not deployed yet, or down) is not polled again until the next page load.
    refetchInterval: (query) => (query.state.status === 'error' ? false : NOTIFICATIONS_REFRESH_MS),
  });

export const useNotifications = () => useQuery(notificationsQueryOptions());

/** The bell's badge: pending friend requests, or null (no badge) while unknown or after a failure. */
export const usePendingFriendRequestCount = (): number | null => {
  const { data, isError } = useNotifications();
  return isError || data === undefined ? null : data.count;
};
