import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const checkInKeys = {
  token: (id: string) => ['check-in', 'token', id] as const,
  list: (id: string) => ['check-in', 'list', id] as const,
};

/** How often the host's page asks for the current code (it changes every 30 seconds). */
const CHECK_IN_TOKEN_REFRESH_MS = 10_000;
/** How often the host's page refreshes who has checked in. */
const CHECK_INS_REFRESH_MS = 10_000;

/** POST /api/opps/{id}/check-in with the code read from the host's QR code. */
export const useCheckIn = (opportunityId: string) =>
  useMutation({
    mutationFn: (token: string) =>
      api.request('checkIn', { params: { id: opportunityId }, body: { token } }),
  });

/** GET /api/opps/{id}/check-in-token (host or admin), refreshed while shown. */
export const useCheckInToken = (opportunityId: string, enabled: boolean) =>
  useQuery({
    queryKey: checkInKeys.token(opportunityId),
    queryFn: ({ signal }) =>
      api.request('getCheckInToken', { params: { id: opportunityId }, signal }),
    enabled,
    staleTime: 0,
    refetchInterval: CHECK_IN_TOKEN_REFRESH_MS,
  });

/** GET /api/opps/{id}/check-ins (host or admin): who has checked in so far. */
export const useCheckIns = (opportunityId: string, enabled = true) =>
  useQuery({
    queryKey: checkInKeys.list(opportunityId),
    queryFn: ({ signal }) => api.request('getCheckIns', { params: { id: opportunityId }, signal }),
    enabled,
    refetchInterval: CHECK_INS_REFRESH_MS,
  });
