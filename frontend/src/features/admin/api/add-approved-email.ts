import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/approved-emails: lets a non-university address sign up. */
export const useAddApprovedEmail = () =>
  useMutation({
    mutationFn: (email: string) => api.request('addApprovedEmail', { body: { email } }),
  });
