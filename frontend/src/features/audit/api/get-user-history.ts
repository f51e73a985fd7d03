import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/users/{id}/points-history: every ledger line with its actor, total and flags. */
const userHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'audit-points-history', id],
    queryFn: ({ signal }) => api.request('getAuditPointsHistory', { params: { id }, signal }),
  });

/** GET /api/users/{id}: whose history it is (the heading). */
const auditedUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'profile', id],
    queryFn: ({ signal }) => api.request('getUser', { params: { id }, signal }),
  });

export const useUserHistory = (id: string) => useQuery(userHistoryQueryOptions(id));
export const useAuditedUser = (id: string) => useQuery(auditedUserQueryOptions(id));
