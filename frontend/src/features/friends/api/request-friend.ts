import { texts } from '@campus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, serverMessageOf } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { refreshReadsAfterWrite } from './refresh-reads';

export type FriendActionFailure = {
  userId: string;
  /** The text shown for the failed action. */
  message: string;
  /** The server's own words, when it gave any. */
  detail: string | null;
};

/** POST /api/users/{me}/friends with the receiver: 'Add Friend'. */
export const useRequestFriend = () => {
  const { session } = useSession();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (receiverId: string) => {
      if (session.status !== 'signedIn') throw new Error('Not signed in');
      await api.request('requestFriend', {
        params: { id: session.userId },
        body: { receiver_id: receiverId },
      });
      await refreshReadsAfterWrite(queryClient);
    },
  });
  const failure: FriendActionFailure | null = mutation.isError
    ? {
        userId: mutation.variables,
        message: texts.groups.friends.requestFailed,
        detail: serverMessageOf(mutation.error),
      }
    : null;
  return {
    request: (receiverId: string) => mutation.mutate(receiverId),
    busyId: mutation.isPending ? mutation.variables : null,
    failure,
    reset: mutation.reset,
  };
};
