import type { OrganizationListItem } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/orgs/approved: every approved organization by name, with the caller's membership. */
const listApprovedOrganizations = (): Promise<OrganizationListItem[]> =>
  api.request('listApprovedOrganizations');

const approvedOrganizationsQueryOptions = () =>
  queryOptions({ queryKey: ['orgs', 'approved'], queryFn: listApprovedOrganizations });

export const useApprovedOrganizations = () => useQuery(approvedOrganizationsQueryOptions());
