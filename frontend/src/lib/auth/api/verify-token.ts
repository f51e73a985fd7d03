import { api } from '@/lib/api-client';

/** POST /api/protected: the server accepts the signed-in provider user's ID token. */
export const verifyToken = () => api.request('protectedCheck');
