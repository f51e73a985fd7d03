import { describe, expect, it } from 'vitest';
import { authOrigins } from './auth-origins';
import { parseEnv } from './env';

describe('authOrigins', () => {
  it("names Google's two endpoints in firebase mode", () => {
    expect(authOrigins('firebase', 'http://127.0.0.1:9199')).toEqual([
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
  });

  it("names the emulator's origin otherwise, the same default as the validated environment", () => {
    expect(authOrigins('emulator', 'http://127.0.0.1:9199/some/path')).toEqual([
      'http://127.0.0.1:9199',
    ]);
    expect(authOrigins(undefined, undefined)).toEqual([
      new URL(parseEnv({}).authEmulatorUrl).origin,
    ]);
  });

  it('names nothing for an address that is not one', () => {
    expect(authOrigins('emulator', 'not a url')).toEqual([]);
  });
});
