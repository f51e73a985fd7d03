import type { WaitlistStatus } from '@campus/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { opportunityKeys } from '@/lib/opportunity-keys';

/** Under the opportunity keys, so every refresh of opportunity reads refreshes it too. */
const waitlistKey = (opportunityId: string) =>
  ['opportunities', 'waitlist', opportunityId] as const;

/** GET /api/opps/{id}/waitlist: the caller's position (null when not waiting) and the line's length. */
export const useWaitlistStatus = (opportunityId: string, enabled: boolean) =>
  useQuery({
    queryKey: waitlistKey(opportunityId),
    queryFn: ({ signal }): Promise<WaitlistStatus> =>
      api.request('getWaitlistStatus', { params: { id: opportunityId }, signal }),
    enabled,
  });

/** POST or DELETE /api/opps/{id}/waitlist for the caller; then the opportunity reads refresh. */
export const useWaitlistChange = (opportunityId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: 'join' | 'leave') =>
      api.request(change === 'join' ? 'joinWaitlist' : 'leaveWaitlist', {
        params: { id: opportunityId },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: opportunityKeys.all });
    },
  });
};

/** GET /api/waitlist/promotions: the caller's promotions, newest first (the notifications page). */
export const useWaitlistPromotions = () =>
  useQuery({
    queryKey: ['opportunities', 'waitlist-promotions'] as const,
    queryFn: ({ signal }) => api.request('getWaitlistPromotions', { signal }),
  });
