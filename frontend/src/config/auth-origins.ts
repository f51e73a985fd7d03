/** The Auth emulator's address when VITE_AUTH_EMULATOR_URL names none. */
export const DEFAULT_AUTH_EMULATOR_URL = 'http://127.0.0.1:9099';

/** Google's endpoints that Firebase Auth's SDK calls (token refresh, account lookup). */
const FIREBASE_AUTH_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
];

/**
 * The origins Firebase Auth's SDK sends its requests to: Google's, or the emulator's. Read without
 * zod (config/env.ts validates the same variables), so the entry can use it before anything loads.
 */
export const authOrigins = (
  mode: string | undefined,
  emulatorUrl: string | undefined,
): string[] => {
  if (mode === 'firebase') return FIREBASE_AUTH_ORIGINS;
  try {
    return [new URL(emulatorUrl || DEFAULT_AUTH_EMULATOR_URL).origin];
  } catch {
    return [];
  }
};
