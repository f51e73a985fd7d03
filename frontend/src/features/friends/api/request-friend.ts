import { texts } from '@campus/contracts';
import { serverMessageOf } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';
import { useFriendAction } from './friend-actions';

export type FriendActionFailure = {
  userId: string;
  /** The text shown for the failed action. */
  message: string;
  /** The server's own words, when it gave any. */
  detail: string | null;
};

/** 'Add Friend' of the header search: POST /api/users/{me}/friends with the receiver. */
export const useRequestFriend = () => {
  const { session } = useSession();
  const mutation = useFriendAction(session.status === 'signedIn' ? session.userId : null, {
    refresh: 'allReads',
  });
  const failure: FriendActionFailure | null = mutation.isError
    ? {
        userId: mutation.variables.userId,
        message: texts.groups.friends.requestFailed,
        detail: serverMessageOf(mutation.error),
      }
    : null;
  return {
    request: (receiverId: string) =>
      mutation.mutate({ action: 'request', userId: receiverId, friendshipId: null }),
    busyId: mutation.isPending ? mutation.variables.userId : null,
    failure,
    reset: mutation.reset,
  };
};
