import type { UserProfile } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/users/{id}: the profile with badges, counts and hours; contact fields when allowed. */
const getProfile = (id: string, signal?: AbortSignal): Promise<UserProfile> =>
  api.request('getUser', { params: { id }, signal });

export const profileQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'profile', id],
    queryFn: ({ signal }) => getProfile(id, signal),
  });

export const useProfile = (id: string) => useQuery(profileQueryOptions(id));
