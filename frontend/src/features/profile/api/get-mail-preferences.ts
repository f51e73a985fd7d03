import type { MailPreferences } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/users/{id}/mail-preferences: which kinds of mail the user gets (the user only). */
const getMailPreferences = (id: string, signal?: AbortSignal): Promise<MailPreferences> =>
  api.request('getMailPreferences', { params: { id }, signal });

export const mailPreferencesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['users', 'mail-preferences', id],
    queryFn: ({ signal }) => getMailPreferences(id, signal),
  });

export const useMailPreferences = (id: string) => useQuery(mailPreferencesQueryOptions(id));
