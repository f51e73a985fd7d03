import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/users/{id}/erase (admins): the person's personal data is shredded for good. */
const eraseUser = (id: string) => api.request('eraseUser', { params: { id } });

/** Erases a person, then reads every user view and the boards again (they show the placeholder). */
export const useEraseUser = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => eraseUser(id),
    onSuccess: () =>
      Promise.all(
        [['users'], ['leaderboard']].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
};
