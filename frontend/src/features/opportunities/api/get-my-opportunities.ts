import type { MyOpportunities } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { opportunityKeys } from '@/lib/opportunity-keys';

/** GET /api/my-opportunities: hosting, registered and (admins) all, each split upcoming / past. */
const getMyOpportunities = (signal?: AbortSignal): Promise<MyOpportunities> =>
  api.request('getMyOpportunities', { signal });

const myOpportunitiesQueryOptions = () =>
  queryOptions({
    queryKey: opportunityKeys.mine,
    queryFn: ({ signal }) => getMyOpportunities(signal),
  });

export const useMyOpportunities = () => useQuery(myOpportunitiesQueryOptions());
