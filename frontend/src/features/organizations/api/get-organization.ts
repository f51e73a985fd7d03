import type { OrganizationDetail } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/orgs/{id}: the detail screen's organization, stats and members. */
const getOrganization = (id: string): Promise<OrganizationDetail> =>
  api.request('getOrganization', { params: { id } });

const organizationQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['orgs', 'detail', id], queryFn: () => getOrganization(id) });

export const useOrganization = (id: string) => useQuery(organizationQueryOptions(id));
