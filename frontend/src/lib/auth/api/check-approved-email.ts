import { api } from '@/lib/api-client';

/** GET /api/approved-emails/check/{email}, no token needed. */
export const checkApprovedEmail = async (email: string): Promise<boolean> =>
  (await api.request('checkApprovedEmail', { params: { address: email } })).is_approved;
