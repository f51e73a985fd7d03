import type { User } from '@campus/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/users/email/{email} */
const getUserByEmail = (email: string): Promise<User> =>
  api.request('getUserByEmail', { params: { address: email } });

export const userByEmailQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['users', 'email', email.toLowerCase()],
    queryFn: () => getUserByEmail(email),
  });

export const useUserByEmail = (email: string | null) =>
  useQuery({ ...userByEmailQueryOptions(email ?? ''), enabled: email !== null });
