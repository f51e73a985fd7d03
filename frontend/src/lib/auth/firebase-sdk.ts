import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  inMemoryPersistence,
  initializeAuth,
  type Auth,
} from 'firebase/auth';
import { env } from '@/config/env';

/**
 * Firebase's SDK and what the session runs with it. Loaded on demand through firebase.ts, beside
 * the first page rather than before it: it is the largest library of the sign-in page.
 */
export { onAuthStateChanged, signOut } from 'firebase/auth';
export { describeSignInError, signInWithGooglePopup } from './google-sign-in';
export { runSignIn } from './sign-in-machine';

let auth: Auth | null = null;

/** The one Firebase Auth instance, created on first use. */
export const firebaseAuth = (): Auth => {
  if (auth) return auth;
  const app = initializeApp(env.firebase);
  auth = initializeAuth(app, {
    // The fallback order: local storage, then session storage, then memory.
    persistence: [browserLocalPersistence, browserSessionPersistence, inMemoryPersistence],
  });
  if (env.authMode === 'emulator') {
    connectAuthEmulator(auth, env.authEmulatorUrl, { disableWarnings: true });
  }
  return auth;
};
