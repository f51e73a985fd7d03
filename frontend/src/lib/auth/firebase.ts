import type { Auth } from 'firebase/auth';

/**
 * Firebase's SDK with the sign-in flow (firebase-sdk.ts), loaded on first use: the first page
 * renders without waiting for it, and the session provider asks for it as soon as it mounts.
 */
export const loadAuthSdk = () => import('./firebase-sdk');

/** The one Firebase Auth instance, created on first use. */
export const getFirebaseAuth = async (): Promise<Auth> => (await loadAuthSdk()).firebaseAuth();

export const currentIdToken = async (): Promise<string | null> => {
  const user = (await getFirebaseAuth()).currentUser;
  return user ? user.getIdToken() : null;
};
