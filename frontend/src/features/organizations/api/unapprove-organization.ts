import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshReadsAfterWrite } from './refresh-reads';

/** PUT /api/orgs/{id} with approved false (admins): hides the organization from everyone else. */
export const useUnapproveOrganization = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (organization: { id: string; name: string }) => {
      await api.request('updateOrganization', {
        params: { id: organization.id },
        body: { approved: false },
      });
      await refreshReadsAfterWrite(queryClient);
    },
  });
};
