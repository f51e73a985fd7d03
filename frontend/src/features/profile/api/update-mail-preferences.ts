import type { UpdateMailPreferences } from '@campus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { mailPreferencesQueryOptions } from './get-mail-preferences';

/** PUT /api/users/{id}/mail-preferences: only the kinds of mail the owner turned on or off. */
const updateMailPreferences = (id: string, changes: UpdateMailPreferences) =>
  api.request('updateMailPreferences', { params: { id }, body: changes });

/** Saves the changed kinds of mail: shown at once, then read again from the server. */
export const useUpdateMailPreferences = (id: string) => {
  const queryClient = useQueryClient();
  const { queryKey } = mailPreferencesQueryOptions(id);
  return useMutation({
    mutationFn: (changes: UpdateMailPreferences) => updateMailPreferences(id, changes),
    onSuccess: (_ack, changes) => {
      queryClient.setQueryData(queryKey, (preferences) =>
        preferences ? { ...preferences, ...changes } : preferences,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
};
