import type { OrganizationListItem } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/orgs/approved (the same cache entry as the Groups screens'): host and visibility choices. */
const approvedOrganizationsQueryOptions = () =>
  queryOptions({
    queryKey: ['orgs', 'approved'],
    queryFn: (): Promise<OrganizationListItem[]> => api.request('listApprovedOrganizations'),
  });

export const useApprovedOrganizations = () => useQuery(approvedOrganizationsQueryOptions());
