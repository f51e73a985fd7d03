import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/users?q=: students by part of their name (the point history lookup). */
export const useUserSearch = (q: string) =>
  useQuery({
    queryKey: ['admin', 'user-search', q],
    queryFn: ({ signal }) => api.request('listUsers', { query: { q }, signal }),
    enabled: q.length > 0,
  });
