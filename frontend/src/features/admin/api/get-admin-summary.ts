import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/summary: the summary cards. */
const adminSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'summary'],
    queryFn: ({ signal }) => api.request('getAdminSummary', { signal }),
  });

export const useAdminSummary = () => useQuery(adminSummaryQueryOptions());
