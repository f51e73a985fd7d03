import { texts } from '@campus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Friendship } from './get-friendship';

const t = texts.profile.friend;

export type FriendAction = 'request' | 'accept' | 'decline' | 'remove';

/** The message for each failed friend action. */
export const friendActionFailure: Record<FriendAction, string> = {
  request: t.sendFailed,
  accept: t.acceptFailed,
  decline: t.rejectFailed,
  remove: t.removeFailed,
};

export class MissingFriendshipError extends Error {
  constructor() {
    super(t.friendshipNotFound);
  }
}

const send = async (
  viewerId: string,
  userId: string,
  friendship: Friendship,
  action: FriendAction,
): Promise<void> => {
  switch (action) {
    case 'request':
      await api.request('requestFriend', {
        params: { id: viewerId },
        body: { receiver_id: userId },
      });
      return;
    case 'accept':
    case 'decline':
      if (!friendship.friendship_id) throw new MissingFriendshipError();
      await api.request(action === 'accept' ? 'acceptFriendRequest' : 'rejectFriendRequest', {
        params: { id: friendship.friendship_id },
      });
      return;
    case 'remove':
      await api.request('removeFriend', { params: { id: viewerId, friendId: userId } });
      return;
    default: {
      const unexpected: never = action;
      return unexpected;
    }
  }
};

/**
 * Add Friend / Accept / Decline / Remove between the viewer and a profile's user. Afterwards every
 * user read (relation, friend counts, friends grids), the bell and the boards are read again.
 */
export const useFriendAction = (viewerId: string, userId: string, friendship: Friendship) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: FriendAction) => send(viewerId, userId, friendship, action),
    onSuccess: () =>
      Promise.all(
        [['users'], ['notifications'], ['leaderboard']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
};
