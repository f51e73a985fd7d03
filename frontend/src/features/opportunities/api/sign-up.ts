import type { OpportunityDetail, User } from '@campus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { opportunityKeys } from '@/lib/opportunity-keys';
import { withSignup, withoutSignup } from '../utils/optimistic';

type SignupChange = 'signUp' | 'unregister';

/**
 * POST /api/register-opp or /api/unregister-opp for the signed-in user, shown at once on the detail
 * (optimistic) and rolled back if the server refuses; afterwards every opportunity read refreshes.
 */
const useSignupChange = (change: SignupChange, opportunityId: string) => {
  const queryClient = useQueryClient();
  const key = opportunityKeys.detail(opportunityId);
  return useMutation({
    mutationFn: (user: User) =>
      api.request(change, { body: { user_id: user.id, opportunity_id: opportunityId } }),
    onMutate: async (user) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<OpportunityDetail>(key);
      if (previous) {
        queryClient.setQueryData<OpportunityDetail>(
          key,
          change === 'signUp' ? withSignup(previous, user) : withoutSignup(previous, user.id),
        );
      }
      return { previous };
    },
    onError: (_error, _user, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    // Not awaited: the button is free again at once; the refreshed reads arrive when they do.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: opportunityKeys.all });
    },
  });
};

export const useSignUp = (opportunityId: string) => useSignupChange('signUp', opportunityId);

export const useUnregister = (opportunityId: string) =>
  useSignupChange('unregister', opportunityId);
