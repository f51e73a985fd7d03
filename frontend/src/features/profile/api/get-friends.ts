import type { FriendListEntry } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * GET /api/users/{id}/friends; a failed call yields an empty list. The contract reads each entry's
 * id, name and picture from whichever field the answer uses, and names a nameless friend
 * 'Unknown User'.
 */
const getFriends = async (id: string, signal?: AbortSignal): Promise<FriendListEntry[]> => {
  try {
    return await api.request('listFriends', { params: { id }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
};

const friendsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'friends', id],
    queryFn: ({ signal }) => getFriends(id, signal),
  });

export const useFriends = (id: string) => useQuery(friendsQueryOptions(id));
