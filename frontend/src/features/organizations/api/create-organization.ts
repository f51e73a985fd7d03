import type { CreateOrganization, Organization } from '@campus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshReadsAfterWrite } from './refresh-reads';

/** POST /api/orgs: the caller becomes its host and first member; approved only if an admin. */
const createOrganization = (body: CreateOrganization): Promise<Organization> =>
  api.request('createOrganization', { body });

export const useCreateOrganization = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateOrganization) => {
      const organization = await createOrganization(body);
      await refreshReadsAfterWrite(queryClient);
      return organization;
    },
  });
};
