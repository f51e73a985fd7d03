import type { ImpactDashboard } from '@campus/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { impactQueryOf } from '../utils/filters';

type ImpactQuery = ReturnType<typeof impactQueryOf>;

/** GET /api/impact: the dashboard over a range, as of a day, for one organization or all. */
const impactQueryOptions = (query: ImpactQuery) =>
  queryOptions({
    queryKey: ['impact', query],
    queryFn: ({ signal }): Promise<ImpactDashboard> => api.request('getImpact', { query, signal }),
  });

/** The dashboard of `query`; the previous one stays on screen while another filter's loads. */
export const useImpact = (query: ImpactQuery, enabled: boolean) =>
  useQuery({ ...impactQueryOptions(query), enabled, placeholderData: keepPreviousData });
