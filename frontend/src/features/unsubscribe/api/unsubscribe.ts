import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/mail/unsubscribe/{token}, no sign-in: the signed link turns one kind of mail off. */
const unsubscribe = (token: string) => api.request('unsubscribe', { params: { token } });

/** Unsubscribes, then reads every user view again (a signed-in owner's email settings changed). */
export const useUnsubscribe = (token: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unsubscribe(token),
    // Not awaited: the answer is what the page shows, whatever the reads take.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
};
