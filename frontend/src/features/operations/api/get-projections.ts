import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** How often the lag table refreshes while the page is open. */
const PROJECTIONS_REFRESH_MS = 5_000;

/** GET /api/operations/projections: each projection's position, lag and dead letters. */
const projectionsQueryOptions = () =>
  queryOptions({
    queryKey: ['operations', 'projections'],
    queryFn: ({ signal }) => api.request('getProjections', { signal }),
    staleTime: 0,
    refetchInterval: PROJECTIONS_REFRESH_MS,
  });

export const useProjections = () => useQuery(projectionsQueryOptions());
