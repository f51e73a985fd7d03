import { api } from '@/lib/api-client';

/** GET /api/users/check/{email} */
export const checkUserExists = async (email: string): Promise<boolean> =>
  (await api.request('checkUserExists', { params: { address: email } })).exists;
