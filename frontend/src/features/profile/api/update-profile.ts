import type { Cause, UserProfile } from '@campus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileQueryOptions } from './get-profile';

/** The owner's edits this screen makes (PUT /api/users/{id}). */
type ProfileChanges = Partial<Pick<UserProfile, 'bio' | 'profile_image'>> & {
  interests?: Cause[];
};

const updateProfile = (id: string, changes: ProfileChanges) =>
  api.request('updateProfile', { params: { id }, body: changes });

/**
 * Saves profile changes. The saved bio or picture shows at once; once no other save of this profile
 * is running, every user read is fetched again (the header shows the same picture).
 */
export const useUpdateProfile = (id: string) => {
  const queryClient = useQueryClient();
  const mutationKey = ['update-profile', id];
  return useMutation({
    mutationKey,
    mutationFn: (changes: ProfileChanges) => updateProfile(id, changes),
    onSuccess: (_ack, { bio, profile_image }) => {
      // Interests are already shown (toggled at once); a late answer must not undo a newer toggle.
      queryClient.setQueryData(profileQueryOptions(id).queryKey, (profile) =>
        profile
          ? {
              ...profile,
              ...(bio !== undefined ? { bio } : {}),
              ...(profile_image !== undefined ? { profile_image } : {}),
            }
          : profile,
      );
    },
    onSettled: async () => {
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      await queryClient.invalidateQueries({ queryKey: ['users'] });
    },
  });
};
