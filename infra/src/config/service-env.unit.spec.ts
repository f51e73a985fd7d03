import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv, serviceEnvSchema } from './service-env';

describe('service configuration', () => {
  it('has working local defaults', () => {
    const env = loadEnv(serviceEnvSchema, {});
    expect(env).toMatchObject({
      APP_ENV: 'development',
      UNIVERSITY_DOMAIN: 'university.edu',
      LAUNCH_DATE: '2025-09-16',
      ADMIN_EMAILS: [],
    });
  });

  it('parses the first admins as a lowercased list', () => {
    expect(
      loadEnv(serviceEnvSchema, { ADMIN_EMAILS: ' Boss@University.edu, dean@university.edu ' })
        .ADMIN_EMAILS,
    ).toEqual(['boss@university.edu', 'dean@university.edu']);
  });

  it('names each bad variable', () => {
    expect(() =>
      loadEnv(serviceEnvSchema, {
        DATABASE_URL: 'nope',
        SUPPORT_EMAIL: 'x',
        LAUNCH_DATE: '16/09/2025',
      }),
    ).toThrow(/DATABASE_URL[\s\S]*SUPPORT_EMAIL[\s\S]*LAUNCH_DATE|DATABASE_URL/);
    try {
      loadEnv(serviceEnvSchema, {
        DATABASE_URL: 'nope',
        SUPPORT_EMAIL: 'x',
        LAUNCH_DATE: '16/09/2025',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['DATABASE_URL', 'SUPPORT_EMAIL', 'LAUNCH_DATE'])
        expect(message).toContain(name);
    }
  });

  it('refuses a production configuration that names the auth emulator', () => {
    expect(() =>
      loadEnv(serviceEnvSchema, {
        APP_ENV: 'production',
        FIREBASE_PROJECT_ID: 'campus-prod',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST: must not be set in production/);
  });

  it('refuses a demo project and a clock offset in production', () => {
    expect(() => loadEnv(serviceEnvSchema, { APP_ENV: 'production' })).toThrow(
      /FIREBASE_PROJECT_ID/,
    );
    expect(() =>
      loadEnv(serviceEnvSchema, {
        APP_ENV: 'production',
        FIREBASE_PROJECT_ID: 'campus-prod',
        CLOCK_OFFSET_MS: '3600000',
      }),
    ).toThrow(/CLOCK_OFFSET_MS/);
  });

  it('refuses the development check-in secret in production', () => {
    expect(() =>
      loadEnv(serviceEnvSchema, { APP_ENV: 'production', FIREBASE_PROJECT_ID: 'campus-prod' }),
    ).toThrow(/CHECK_IN_SECRET: must be a secret of your own/);
    expect(() => loadEnv(serviceEnvSchema, { CHECK_IN_SECRET: 'short' })).toThrow(
      /CHECK_IN_SECRET/,
    );
  });

  it('accepts a real production configuration', () => {
    expect(
      loadEnv(serviceEnvSchema, {
        APP_ENV: 'production',
        FIREBASE_PROJECT_ID: 'campus-prod',
        CHECK_IN_SECRET: 'a-production-check-in-secret',
      }).APP_ENV,
    ).toBe('production');
  });
});
