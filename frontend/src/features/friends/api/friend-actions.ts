import { texts } from '@campus/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** What a user can do about another user. */
export type FriendAction = 'request' | 'accept' | 'reject' | 'remove';

export type FriendActionInput = {
  action: FriendAction;
  /** The other user. */
  userId: string;
  /** The friendship an accept or reject answers; null when it is not known (any more). */
  friendshipId: string | null;
};

/** An accept or reject of a request that is not known any more: nothing is sent. */
export class MissingFriendshipError extends Error {}

/** The message of each failed friend action (the leaderboard's and the profile's). */
export const friendActionFailure: Record<FriendAction, string> = {
  request: texts.profile.friend.sendFailed,
  accept: texts.profile.friend.acceptFailed,
  reject: texts.profile.friend.rejectFailed,
  remove: texts.profile.friend.removeFailed,
};

/**
 * The reads a friendship write refreshes, by the screen it was made on:
 * - `allReads`: the header search and the notifications page. The bell, the notifications, the
 *   search's friend states and the profiles may all have changed, so every read but the static
 *   configuration is refetched.
 * - `profile`: every user read (relation, friend counts, friends grids), the bell and the boards.
 * - `leaderboard`: the boards and the bell.
 * Each resolves once the screens on view have their new answers (read with the write's
 * consistency token).
 */
type FriendRefresh = 'allReads' | 'profile' | 'leaderboard';

const refreshes: Record<FriendRefresh, (queryClient: QueryClient) => Promise<unknown>> = {
  allReads: (queryClient) =>
    queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'config' }),
  profile: (queryClient) =>
    invalidateAll(queryClient, [['users'], ['notifications'], ['leaderboard']]),
  leaderboard: (queryClient) => invalidateAll(queryClient, [['leaderboard'], ['notifications']]),
};

const invalidateAll = (queryClient: QueryClient, queryKeys: readonly string[][]) =>
  Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));

const send = async (viewerId: string | null, input: FriendActionInput): Promise<void> => {
  switch (input.action) {
    case 'request':
      if (viewerId === null) throw new Error('Not signed in');
      await api.request('requestFriend', {
        params: { id: viewerId },
        body: { receiver_id: input.userId },
      });
      return;
    case 'accept':
    case 'reject':
      if (!input.friendshipId) throw new MissingFriendshipError();
      await api.request(input.action === 'accept' ? 'acceptFriendRequest' : 'rejectFriendRequest', {
        params: { id: input.friendshipId },
      });
      return;
    case 'remove':
      if (viewerId === null) throw new Error('Not signed in');
      await api.request('removeFriend', { params: { id: viewerId, friendId: input.userId } });
      return;
    default: {
      const unexpected: never = input.action;
      return unexpected;
    }
  }
};

export type FriendActionOptions = {
  /** Which reads the write refreshes (see FriendRefresh). */
  refresh: FriendRefresh;
  /** Once the write succeeded, before the reads are refreshed: a screen may show the change at once. */
  onWritten?: (input: FriendActionInput) => void;
};

/**
 * Add Friend (POST /api/users/{viewer}/friends), Accept and Decline (PUT
 * /api/friendships/{id}/accept or /reject) and Remove (DELETE /api/users/{viewer}/friends/{user})
 * by the viewer, the signed-in user (null when signed out: a request or a removal then fails).
 * Every friendship write of the app goes through here; the mutation stays pending until the
 * reads are refreshed.
 */
export const useFriendAction = (viewerId: string | null, options: FriendActionOptions) => {
  const queryClient = useQueryClient();
  const { refresh, onWritten } = options;
  return useMutation({
    mutationFn: (input: FriendActionInput) => send(viewerId, input),
    onSuccess: (_data, input) => {
      onWritten?.(input);
      return refreshes[refresh](queryClient);
    },
  });
};
