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

let auth: Auth | null = null;

/** The one Firebase Auth instance, created on first use. */
export const getFirebaseAuth = (): Auth => {
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

export const currentIdToken = async (): Promise<string | null> => {
  const user = getFirebaseAuth().currentUser;
  return user ? user.getIdToken() : null;
};
