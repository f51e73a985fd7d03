import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import {
  unapprovedOpportunitiesQueryOptions,
  unapprovedOrganizationsQueryOptions,
} from './get-unapproved';

/** DELETE /api/opps/{id} from the unapproved table: the row leaves at once, back on failure. */
export const useDeleteOpportunity = () => {
  const client = useQueryClient();
  const { queryKey } = unapprovedOpportunitiesQueryOptions();
  return useMutation({
    mutationFn: (id: string) => api.request('deleteOpportunity', { params: { id } }),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey });
      const before = client.getQueryData(queryKey);
      client.setQueryData(queryKey, (list) => list?.filter((o) => o.id !== id));
      return before;
    },
    onError: (_error, _id, before) => {
      if (before) client.setQueryData(queryKey, before);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
};

/** DELETE /api/orgs/{id} from the unapproved table: the row leaves at once, back on failure. */
export const useDeleteOrganization = () => {
  const client = useQueryClient();
  const { queryKey } = unapprovedOrganizationsQueryOptions();
  return useMutation({
    mutationFn: (id: string) => api.request('deleteOrganization', { params: { id } }),
    onMutate: async (id) => {
      await client.cancelQueries({ queryKey });
      const before = client.getQueryData(queryKey);
      client.setQueryData(queryKey, (list) => list?.filter((o) => o.id !== id));
      return before;
    },
    onError: (_error, _id, before) => {
      if (before) client.setQueryData(queryKey, before);
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
};
