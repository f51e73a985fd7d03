import type { OpportunityDetail } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { opportunityKeys } from '@/lib/opportunity-keys';

/** GET /api/opps/{id}/full: the detail screen. */
const getOpportunity = (id: string, signal?: AbortSignal): Promise<OpportunityDetail> =>
  api.request('getOpportunity', { params: { id }, signal });

const opportunityQueryOptions = (id: string) =>
  queryOptions({
    queryKey: opportunityKeys.detail(id),
    queryFn: ({ signal }) => getOpportunity(id, signal),
  });

export const useOpportunity = (id: string) => useQuery(opportunityQueryOptions(id));
