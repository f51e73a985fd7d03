import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { opportunityKeys } from '@/lib/opportunity-keys';

/** GET /api/opps/{id}/is-full, always asked afresh: the server's word just before a signup. */
export const checkOpportunityFull = (queryClient: QueryClient, id: string) =>
  queryClient.query({
    queryKey: opportunityKeys.isFull(id),
    queryFn: ({ signal }) => api.request('isOpportunityFull', { params: { id }, signal }),
    staleTime: 0,
  });
