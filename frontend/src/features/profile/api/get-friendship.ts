import type { FriendshipEntry } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/users/{viewer}/friendships/all: the viewer's relation to every other user. */
const getFriendships = (viewerId: string, signal?: AbortSignal): Promise<FriendshipEntry[]> =>
  api.request('listFriendshipStatuses', { params: { id: viewerId }, signal });

const friendshipsQueryOptions = (viewerId: string) =>
  queryOptions({
    queryKey: ['users', 'friendships', viewerId],
    queryFn: ({ signal }) => getFriendships(viewerId, signal),
  });

type Friendship = Pick<FriendshipEntry, 'friendship_id' | 'friendship_status'>;

/**
 * The viewer's relation to one user; someone missing from the list has none yet ('add'). Undefined
 * while loading or when the list failed (no action is offered then).
 */
export const useFriendshipWith = (viewerId: string, userId: string, enabled: boolean) =>
  useQuery({
    ...friendshipsQueryOptions(viewerId),
    enabled,
    select: (entries): Friendship =>
      entries.find((entry) => entry.user_id === userId) ?? {
        friendship_id: null,
        friendship_status: 'add',
      },
  });
