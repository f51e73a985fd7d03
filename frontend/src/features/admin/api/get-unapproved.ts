import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/opps/unapproved: opportunities waiting for approval (loaded when the panel opens). */
export const unapprovedOpportunitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'unapproved', 'opportunities'],
    queryFn: ({ signal }) => api.request('listUnapprovedOpportunities', { signal }),
    staleTime: 0,
  });

/** GET /api/orgs/unapproved: organizations waiting for approval. */
export const unapprovedOrganizationsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'unapproved', 'organizations'],
    queryFn: ({ signal }) => api.request('listUnapprovedOrganizations', { signal }),
    staleTime: 0,
  });

export const useUnapprovedOpportunities = () => useQuery(unapprovedOpportunitiesQueryOptions());
export const useUnapprovedOrganizations = () => useQuery(unapprovedOrganizationsQueryOptions());
