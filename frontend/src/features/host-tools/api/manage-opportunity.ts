import type { updateOpportunitySchema, User } from '@campus/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { opportunityKeys } from '@/lib/opportunity-keys';
import { uploadImageFile } from '@/lib/upload';

type OpportunityEdit = z.input<typeof updateOpportunitySchema>;

/** After any host or admin change every opportunity read (detail, lists, mine) refreshes. */
const useRefreshOpportunities = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: opportunityKeys.all });
};

/** PUT /api/opps/{id}: details, slot limit, image or approval. */
export const useUpdateOpportunity = (id: string) => {
  const refresh = useRefreshOpportunities();
  return useMutation({
    mutationFn: (edit: OpportunityEdit) =>
      api.request('updateOpportunity', { params: { id }, body: edit }),
    onSuccess: refresh,
  });
};

/** POST /upload, then PUT /api/opps/{id} with the stored image's URL. */
export const useReplaceImage = (id: string) => {
  const refresh = useRefreshOpportunities();
  return useMutation({
    mutationFn: async (file: File) => {
      const image = await uploadImageFile(file);
      return api.request('updateOpportunity', { params: { id }, body: { image } });
    },
    onSuccess: refresh,
  });
};

/** DELETE /api/opps/{id}: the caller leaves the page, so the reads are only marked stale. */
export const useDeleteOpportunity = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request('deleteOpportunity', { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: opportunityKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: opportunityKeys.all, refetchType: 'none' });
    },
  });
};

/** POST /api/opps/{id}/announcements: one announcement. */
export const usePostAnnouncement = (id: string) => {
  const refresh = useRefreshOpportunities();
  return useMutation({
    mutationFn: (text: string) =>
      api.request('postAnnouncement', { params: { id }, body: { text } }),
    onSuccess: refresh,
  });
};

/**
 * PUT /api/attendance: the checked users and the minutes served. The caller refreshes the detail
 * itself, since a failed refresh after a success has its own message.
 */
export const useMarkAttendance = (id: string) =>
  useMutation({
    mutationFn: (input: { userIds: string[]; duration: number }) =>
      api.request('markAttendance', {
        body: { opportunity_id: id, user_ids: input.userIds, duration: input.duration },
      }),
  });

/** POST /api/register-opp or /api/unregister-opp for another user (admins; hosts unregister). */
export const useParticipantChange = (id: string, change: 'signUp' | 'unregister') => {
  const refresh = useRefreshOpportunities();
  return useMutation({
    mutationFn: (userId: string) =>
      api.request(change, { body: { user_id: userId, opportunity_id: id } }),
    onSuccess: refresh,
  });
};

/** GET /api/users?q=: users whose name holds the text (admins registering someone). */
export const useUserSearch = (text: string) => {
  const q = text.trim();
  return useQuery({
    queryKey: ['users', 'search', q],
    queryFn: ({ signal }): Promise<User[]> => api.request('listUsers', { query: { q }, signal }),
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
  });
};
