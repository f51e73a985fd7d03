import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/users/emails: every user's email; fetched only when the admin asks. */
export const useUserEmails = (enabled: boolean) =>
  useQuery({
    queryKey: ['admin', 'user-emails'],
    queryFn: ({ signal }) => api.request('listUserEmails', { signal }),
    enabled,
    staleTime: 0,
  });
