import { DEFAULT_AUTH_EMULATOR_URL } from './auth-origins';

/**
 * The build's environment, checked by hand rather than with zod: Firebase's SDK reads it, and zod
 * (with the contracts' schemas in its chunk) would then be evaluated before a signed-in page can
 * even ask Firebase for its user — on a phone, the largest part of that page's start.
 */
type AuthMode = 'emulator' | 'firebase';

type Env = {
  authMode: AuthMode;
  authEmulatorUrl: string;
  firebase: { apiKey: string; authDomain: string; projectId: string };
};

const FIREBASE_KEYS = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
] as const;

/** An unset or empty variable is absent; anything else must be a string. */
const read = (source: Record<string, unknown>, key: string, problems: string[]) => {
  const value = source[key];
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string') return value;
  problems.push(`${key} must be a string`);
  return undefined;
};

const isUrl = (value: string) => {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

export const parseEnv = (source: Record<string, unknown>): Env => {
  const problems: string[] = [];
  const mode = read(source, 'VITE_AUTH_MODE', problems) ?? 'emulator';
  if (mode !== 'emulator' && mode !== 'firebase') {
    problems.push(`VITE_AUTH_MODE must be 'emulator' or 'firebase'`);
  }
  const emulatorUrl = read(source, 'VITE_AUTH_EMULATOR_URL', problems) ?? DEFAULT_AUTH_EMULATOR_URL;
  if (!isUrl(emulatorUrl)) problems.push('VITE_AUTH_EMULATOR_URL must be a URL');
  const [apiKey, authDomain, projectId] = FIREBASE_KEYS.map((key) => {
    const value = read(source, key, problems);
    // Real Google sign-in needs a real project: the emulator's demo defaults would fail at the popup.
    if (mode === 'firebase' && value === undefined) problems.push(`${key} is required`);
    return value;
  });
  if (problems.length) throw new Error(`Invalid frontend environment: ${problems.join('; ')}`);
  return {
    authMode: mode === 'firebase' ? 'firebase' : 'emulator',
    authEmulatorUrl: emulatorUrl,
    firebase: {
      apiKey: apiKey ?? 'demo-key',
      authDomain: authDomain ?? 'demo-campus.firebaseapp.com',
      projectId: projectId ?? 'demo-campus',
    },
  };
};

export const env: Env = parseEnv({
  VITE_AUTH_MODE: import.meta.env.VITE_AUTH_MODE,
  VITE_AUTH_EMULATOR_URL: import.meta.env.VITE_AUTH_EMULATOR_URL,
  VITE_FIREBASE_API_KEY: import.meta.env.VITE_FIREBASE_API_KEY,
  VITE_FIREBASE_AUTH_DOMAIN: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
  VITE_FIREBASE_PROJECT_ID: import.meta.env.VITE_FIREBASE_PROJECT_ID,
});
