import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/users/{id}/points-history: every ledger line with its actor and running total. */
export const userHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'points-history', id],
    queryFn: ({ signal }) => api.request('getPointsHistory', { params: { id }, signal }),
  });

/** GET /api/users/{id}: whose history it is (the heading). */
export const auditedUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'profile', id],
    queryFn: ({ signal }) => api.request('getUser', { params: { id }, signal }),
  });

export const useUserHistory = (id: string) => useQuery(userHistoryQueryOptions(id));
export const useAuditedUser = (id: string) => useQuery(auditedUserQueryOptions(id));
