import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('parseEnv', () => {
  it('defaults to the emulator with its demo project', () => {
    expect(parseEnv({})).toEqual({
      authMode: 'emulator',
      authEmulatorUrl: 'http://127.0.0.1:9099',
      firebase: {
        apiKey: 'demo-key',
        authDomain: 'demo-campus.firebaseapp.com',
        projectId: 'demo-campus',
      },
    });
    expect(parseEnv({ VITE_AUTH_MODE: '', VITE_AUTH_EMULATOR_URL: '' }).authMode).toBe('emulator');
  });

  it('needs a real Firebase project in firebase mode, naming the missing variables', () => {
    expect(() => parseEnv({ VITE_AUTH_MODE: 'firebase', VITE_FIREBASE_API_KEY: 'k' })).toThrow(
      /VITE_FIREBASE_AUTH_DOMAIN is required.*VITE_FIREBASE_PROJECT_ID is required/,
    );
    expect(
      parseEnv({
        VITE_AUTH_MODE: 'firebase',
        VITE_FIREBASE_API_KEY: 'key',
        VITE_FIREBASE_AUTH_DOMAIN: 'campus.firebaseapp.com',
        VITE_FIREBASE_PROJECT_ID: 'campus',
      }).firebase,
    ).toEqual({ apiKey: 'key', authDomain: 'campus.firebaseapp.com', projectId: 'campus' });
  });

  it('refuses an unknown mode and an emulator address that is no URL', () => {
    expect(() => parseEnv({ VITE_AUTH_MODE: 'popup' })).toThrow(/VITE_AUTH_MODE/);
    expect(() => parseEnv({ VITE_AUTH_EMULATOR_URL: 'not a url' })).toThrow(
      /VITE_AUTH_EMULATOR_URL must be a URL/,
    );
    expect(() => parseEnv({ VITE_FIREBASE_API_KEY: 42 })).toThrow(/VITE_FIREBASE_API_KEY/);
  });
});
