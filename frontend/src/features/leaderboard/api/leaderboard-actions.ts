import { texts, type Leaderboard, type LeaderboardEntry } from '@campus/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { usePopup } from '@/components/ui/popup';
import { api } from '@/lib/api-client';

const t = texts.leaderboard;

export type LeaderboardAction =
  | { type: 'requestFriend'; entry: LeaderboardEntry }
  | { type: 'acceptFriend'; entry: LeaderboardEntry }
  | { type: 'declineFriend'; entry: LeaderboardEntry }
  | { type: 'joinOrganization'; entry: LeaderboardEntry }
  | { type: 'leaveOrganization'; entry: LeaderboardEntry };

/** The row as it stands once the action succeeded (shown until the boards are read again). */
const afterSuccess = (action: LeaderboardAction): Partial<LeaderboardEntry> => {
  switch (action.type) {
    case 'requestFriend':
      return { friendship_status: 'sent' };
    case 'acceptFriend':
      return { friendship_status: 'friends' };
    case 'declineFriend':
      return { friendship_status: 'add', friendship_id: null };
    case 'joinOrganization':
      return { is_member: true };
    case 'leaveOrganization':
      return { is_member: false };
    default: {
      const unexpected: never = action;
      return unexpected;
    }
  }
};

const failureText = (action: LeaderboardAction): string => {
  switch (action.type) {
    case 'requestFriend':
      return t.friend.sendFailed;
    case 'acceptFriend':
      return t.friend.acceptFailed;
    case 'declineFriend':
      return t.friend.rejectFailed;
    case 'joinOrganization':
      return t.organization.joinFailed;
    case 'leaveOrganization':
      return t.organization.leaveFailed;
    default: {
      const unexpected: never = action;
      return unexpected;
    }
  }
};

class MissingFriendshipError extends Error {}

const send = async (userId: string, action: LeaderboardAction): Promise<void> => {
  const { entry } = action;
  switch (action.type) {
    case 'requestFriend':
      await api.request('requestFriend', {
        params: { id: userId },
        body: { receiver_id: entry.id },
      });
      return;
    case 'acceptFriend':
    case 'declineFriend': {
      if (!entry.friendship_id) throw new MissingFriendshipError();
      await api.request(
        action.type === 'acceptFriend' ? 'acceptFriendRequest' : 'rejectFriendRequest',
        { params: { id: entry.friendship_id } },
      );
      return;
    }
    case 'joinOrganization':
    case 'leaveOrganization':
      await api.request(
        action.type === 'joinOrganization' ? 'joinOrganization' : 'leaveOrganization',
        { body: { user_id: userId, organization_id: entry.id } },
      );
      return;
    default: {
      const unexpected: never = action;
      return unexpected;
    }
  }
};

const patchEntry = (
  queryClient: QueryClient,
  entryId: string,
  patch: Partial<LeaderboardEntry>,
) => {
  queryClient.setQueriesData<Leaderboard>({ queryKey: ['leaderboard'] }, (board) =>
    board
      ? {
          ...board,
          entries: board.entries.map((e) => (e.id === entryId ? { ...e, ...patch } : e)),
        }
      : board,
  );
};

/**
 * Friend requests and organization membership from a leaderboard row. On success the row changes
 * at once and the boards are read again (the consistency token makes that read see the change);
 * a failure shows the product's message in the error popup.
 */
export const useLeaderboardAction = (userId: string) => {
  const queryClient = useQueryClient();
  const popup = usePopup();
  return useMutation({
    mutationFn: (action: LeaderboardAction) => send(userId, action),
    onSuccess: async (_data, action) => {
      patchEntry(queryClient, action.entry.id, afterSuccess(action));
      const related =
        action.type === 'joinOrganization' || action.type === 'leaveOrganization'
          ? ['users']
          : ['notifications'];
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['leaderboard'] }),
        queryClient.invalidateQueries({ queryKey: related }),
      ]);
    },
    onError: (error, action) => {
      popup.show({
        variant: 'error',
        title: failureText(action),
        message:
          error instanceof MissingFriendshipError ? t.friend.friendshipNotFound : error.message,
      });
    },
  });
};
