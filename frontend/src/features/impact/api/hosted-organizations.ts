import type { OrganizationListItem } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/orgs/approved (the same cache entry as the Groups screens'). */
const approvedOrganizationsQueryOptions = () =>
  queryOptions({
    queryKey: ['orgs', 'approved'],
    queryFn: (): Promise<OrganizationListItem[]> => api.request('listApprovedOrganizations'),
  });

/** The organizations the dashboard offers: all approved ones (what an admin may pick from). */
export const useApprovedOrganizations = (enabled = true) =>
  useQuery({ ...approvedOrganizationsQueryOptions(), enabled });

/** The organizations `userId` hosts, by name (docs/impact.md: a host sees only these). */
export const hostedBy = (
  organizations: readonly OrganizationListItem[],
  userId: string,
): OrganizationListItem[] => organizations.filter((o) => o.host_user_id === userId);

/**
 * Whether the signed-in user hosts an approved organization (their impact link), asked only for
 * someone who is not an admin (`userId` undefined: not known yet, or an admin). False until known.
 */
export const useHostsOrganizations = (userId: string | undefined): boolean => {
  const organizations = useApprovedOrganizations(userId !== undefined);
  return userId !== undefined && hostedBy(organizations.data ?? [], userId).length > 0;
};
