import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/opportunities/{id}/history: the opportunity's events, oldest first (admins). */
const opportunityHistoryQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'opportunity-history', id],
    queryFn: ({ signal }) => api.request('getOpportunityHistory', { params: { id }, signal }),
  });

export const useOpportunityHistory = (id: string) => useQuery(opportunityHistoryQueryOptions(id));
