import { z } from 'zod';
import { DEFAULT_AUTH_EMULATOR_URL } from './auth-origins';

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

const envSchema = z
  .object({
    VITE_AUTH_MODE: optional(z.enum(['emulator', 'firebase']).default('emulator')),
    VITE_AUTH_EMULATOR_URL: optional(z.url().default(DEFAULT_AUTH_EMULATOR_URL)),
    VITE_FIREBASE_API_KEY: optional(z.string().optional()),
    VITE_FIREBASE_AUTH_DOMAIN: optional(z.string().optional()),
    VITE_FIREBASE_PROJECT_ID: optional(z.string().optional()),
  })
  .superRefine((value, ctx) => {
    if (value.VITE_AUTH_MODE !== 'firebase') return;
    // Real Google sign-in needs a real project: the emulator's demo defaults would fail at the popup.
    for (const key of [
      'VITE_FIREBASE_API_KEY',
      'VITE_FIREBASE_AUTH_DOMAIN',
      'VITE_FIREBASE_PROJECT_ID',
    ] as const) {
      if (!value[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required' });
    }
  });

type AuthMode = 'emulator' | 'firebase';

type Env = {
  authMode: AuthMode;
  authEmulatorUrl: string;
  firebase: { apiKey: string; authDomain: string; projectId: string };
};

export const parseEnv = (source: Record<string, unknown>): Env => {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `${issue.path.join('.')} ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid frontend environment: ${problems}`);
  }
  const value = result.data;
  return {
    authMode: value.VITE_AUTH_MODE,
    authEmulatorUrl: value.VITE_AUTH_EMULATOR_URL,
    firebase: {
      apiKey: value.VITE_FIREBASE_API_KEY ?? 'demo-key',
      authDomain: value.VITE_FIREBASE_AUTH_DOMAIN ?? 'demo-campus.firebaseapp.com',
      projectId: value.VITE_FIREBASE_PROJECT_ID ?? 'demo-campus',
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
