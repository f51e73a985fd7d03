import type { RegisterUserBody, User } from '@campus/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/users: the email comes from the ID token, not the body. */
const registerUser = (body: RegisterUserBody): Promise<User> =>
  api.request('registerUser', { body });

export const useRegisterUser = () => useMutation({ mutationFn: registerUser });
