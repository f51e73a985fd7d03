import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/service-hours: attended hours per month and host organization type. */
const serviceHoursQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'service-hours'],
    queryFn: ({ signal }) => api.request('getServiceHours', { signal }),
  });

export const useServiceHours = () => useQuery(serviceHoursQueryOptions());
