import { texts, type Leaderboard, type LeaderboardEntry } from '@campus/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { usePopup } from '@/components/ui/popup';
import {
  MissingFriendshipError,
  friendActionFailure,
  useFriendAction,
  type FriendAction,
} from '@/features/friends';
import { api } from '@/lib/api-client';

const t = texts.leaderboard;

export type LeaderboardAction =
  | { type: 'requestFriend'; entry: LeaderboardEntry }
  | { type: 'acceptFriend'; entry: LeaderboardEntry }
  | { type: 'declineFriend'; entry: LeaderboardEntry }
  | { type: 'joinOrganization'; entry: LeaderboardEntry }
  | { type: 'leaveOrganization'; entry: LeaderboardEntry };

type MembershipAction = Extract<
  LeaderboardAction,
  { type: 'joinOrganization' | 'leaveOrganization' }
>;

/** The friend action of each friend row action. */
const friendActionOf = (action: Exclude<LeaderboardAction, MembershipAction>): FriendAction => {
  switch (action.type) {
    case 'requestFriend':
      return 'request';
    case 'acceptFriend':
      return 'accept';
    case 'declineFriend':
      return 'reject';
    default: {
      const unexpected: never = action;
      return unexpected;
    }
  }
};

const isMembershipAction = (action: LeaderboardAction): action is MembershipAction =>
  action.type === 'joinOrganization' || action.type === 'leaveOrganization';

/** The row of the other user as it stands once a friend action succeeded. */
const friendRowAfter: Record<FriendAction, Partial<LeaderboardEntry>> = {
  request: { friendship_status: 'sent' },
  accept: { friendship_status: 'friends' },
  reject: { friendship_status: 'add', friendship_id: null },
  remove: { friendship_status: 'add', friendship_id: null },
};

/** The row changes at once; it is shown until the boards are read again. */
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

/** Join or leave an organization of the boards; afterwards the boards and the user reads. */
const useMembershipAction = (userId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MembershipAction) =>
      api.request(action.type === 'joinOrganization' ? 'joinOrganization' : 'leaveOrganization', {
        body: { user_id: userId, organization_id: action.entry.id },
      }),
    onSuccess: async (_data, action) => {
      patchEntry(queryClient, action.entry.id, { is_member: action.type === 'joinOrganization' });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['leaderboard'] }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]);
    },
  });
};

/**
 * Friend requests (through the friends feature) and organization membership from a leaderboard
 * row. On success the row changes at once and the boards are read again (the consistency token
 * makes that read see the change); a failure shows the product's message in the error popup and
 * rejects. Rows may act at the same time.
 */
export const useLeaderboardAction = (userId: string) => {
  const queryClient = useQueryClient();
  const popup = usePopup();
  const friend = useFriendAction(userId, {
    refresh: 'leaderboard',
    onWritten: (input) => patchEntry(queryClient, input.userId, friendRowAfter[input.action]),
  });
  const membership = useMembershipAction(userId);

  const fail = (title: string, message: string) => {
    popup.show({ variant: 'error', title, message });
  };

  return async (action: LeaderboardAction): Promise<void> => {
    if (isMembershipAction(action)) {
      try {
        await membership.mutateAsync(action);
      } catch (error) {
        const failed =
          action.type === 'joinOrganization'
            ? t.organization.joinFailed
            : t.organization.leaveFailed;
        fail(failed, error instanceof Error ? error.message : String(error));
        throw error;
      }
      return;
    }
    const friendAction = friendActionOf(action);
    try {
      await friend.mutateAsync({
        action: friendAction,
        userId: action.entry.id,
        friendshipId: action.entry.friendship_id ?? null,
      });
    } catch (error) {
      fail(
        friendActionFailure[friendAction],
        error instanceof MissingFriendshipError
          ? t.friend.friendshipNotFound
          : error instanceof Error
            ? error.message
            : String(error),
      );
      throw error;
    }
  };
};
