import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRETS } from '@campus/contracts';
import { PRODUCTION_ENV, unrefusedDevelopmentSecrets } from '../testing/helpers-config';
import { ConfigError, loadEnv, serviceEnvSchema } from './service-env';

const problemsOf = (source: NodeJS.ProcessEnv): string => {
  try {
    loadEnv(serviceEnvSchema, source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  return '';
};

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

  it('bounds every Redis command: 2000 ms unless REDIS_COMMAND_TIMEOUT_MS says otherwise', () => {
    expect(loadEnv(serviceEnvSchema, {}).REDIS_COMMAND_TIMEOUT_MS).toBe(2_000);
    expect(
      loadEnv(serviceEnvSchema, { REDIS_COMMAND_TIMEOUT_MS: '750' }).REDIS_COMMAND_TIMEOUT_MS,
    ).toBe(750);
    // No "wait forever" (0) and no typo'd seconds for milliseconds.
    for (const bad of ['0', '50', '-1', '1.5', 'soon', '600000'])
      expect(problemsOf({ REDIS_COMMAND_TIMEOUT_MS: bad })).toMatch(/REDIS_COMMAND_TIMEOUT_MS/);
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
    expect(problemsOf({ ...PRODUCTION_ENV, CHECK_IN_SECRET: undefined })).toMatch(
      /CHECK_IN_SECRET: must be a secret of your own/,
    );
    expect(
      problemsOf({ ...PRODUCTION_ENV, CHECK_IN_SECRET: 'development-check-in-secret' }),
    ).toMatch(/CHECK_IN_SECRET: must be a secret of your own/);
    expect(() => loadEnv(serviceEnvSchema, { CHECK_IN_SECRET: 'short' })).toThrow(
      /CHECK_IN_SECRET/,
    );
  });

  it('refuses the development calendar feed secret in production', () => {
    const left = problemsOf({ ...PRODUCTION_ENV, CALENDAR_FEED_SECRET: undefined });
    expect(left).toMatch(/CALENDAR_FEED_SECRET: must be a secret of your own/);
    expect(left).not.toMatch(/CHECK_IN_SECRET/);
    expect(
      problemsOf({ ...PRODUCTION_ENV, CALENDAR_FEED_SECRET: 'development-calendar-feed-secret' }),
    ).toMatch(/CALENDAR_FEED_SECRET: must be a secret of your own/);
    expect(() => loadEnv(serviceEnvSchema, { CALENDAR_FEED_SECRET: 'short' })).toThrow(
      /CALENDAR_FEED_SECRET/,
    );
  });

  it.each(Object.entries(DEVELOPMENT_SECRETS))(
    'refuses %s left at its development default, or a variant of it, in production',
    (name, developmentValue) => {
      expect(problemsOf({ ...PRODUCTION_ENV, [name]: developmentValue })).toMatch(
        new RegExp(`${name}: must be a secret of your own`),
      );
      expect(problemsOf({ ...PRODUCTION_ENV, [name]: `${developmentValue}-2` })).toMatch(
        new RegExp(`${name}: must be a secret of your own`),
      );
      // Outside production the defaults are what make `npm start` work.
      expect(problemsOf({ [name]: developmentValue })).toBe('');
    },
  );

  it('refuses one value for both secrets in production', () => {
    expect(
      problemsOf({
        ...PRODUCTION_ENV,
        CALENDAR_FEED_SECRET: PRODUCTION_ENV.CHECK_IN_SECRET,
      }),
    ).toMatch(/CALENDAR_FEED_SECRET: must differ from CHECK_IN_SECRET/);
  });

  it('refuses the development mail link secret in production, or one shared with another secret', () => {
    expect(problemsOf({ ...PRODUCTION_ENV, MAIL_LINK_SECRET: undefined })).toMatch(
      /MAIL_LINK_SECRET: must be a secret of your own/,
    );
    expect(
      problemsOf({ ...PRODUCTION_ENV, MAIL_LINK_SECRET: PRODUCTION_ENV.CALENDAR_FEED_SECRET }),
    ).toMatch(/MAIL_LINK_SECRET: must differ from CALENDAR_FEED_SECRET/);
    expect(
      problemsOf({ ...PRODUCTION_ENV, MAIL_LINK_SECRET: PRODUCTION_ENV.CHECK_IN_SECRET }),
    ).toMatch(/MAIL_LINK_SECRET: must differ from CHECK_IN_SECRET/);
  });

  it('refuses every development secret left unset in production, naming it', () => {
    expect(unrefusedDevelopmentSecrets((source) => loadEnv(serviceEnvSchema, source))).toEqual([]);
  });

  it('accepts a real production configuration', () => {
    expect(problemsOf(PRODUCTION_ENV)).toBe('');
    expect(loadEnv(serviceEnvSchema, PRODUCTION_ENV).APP_ENV).toBe('production');
  });
});
