import { describe, expect, it } from 'vitest';
import { shutdownSettings } from '@campus/infra';
import {
  PRODUCTION_ENV,
  SHUTDOWN_SETTINGS_READ,
  SHUTDOWN_SETTINGS_REFUSED,
  unrefusedDevelopmentSecrets,
} from '@campus/infra/testing';
import { loadQueryEnv } from './env';

describe('query service configuration', () => {
  it('starts from a production configuration with secrets of its own', () => {
    expect(loadQueryEnv(PRODUCTION_ENV)).toMatchObject({
      APP_ENV: 'production',
    });
  });

  it('listens on this machine only unless QUERY_HOST names another address', () => {
    expect(loadQueryEnv({}).QUERY_HOST).toBe('127.0.0.1');
    expect(loadQueryEnv({ QUERY_HOST: '0.0.0.0' }).QUERY_HOST).toBe('0.0.0.0');
  });

  it('refuses to start in production with any development secret left in place', () => {
    expect(unrefusedDevelopmentSecrets(loadQueryEnv)).toEqual([]);
  });

  it('drains 2 s after SIGTERM in production and forces the exit after 25 s, by default', () => {
    for (const { env, settings } of SHUTDOWN_SETTINGS_READ)
      expect(shutdownSettings(loadQueryEnv(env))).toMatchObject(settings);
  });

  it('refuses a forced exit that would not leave the drain and its requests time', () => {
    for (const { env, error } of SHUTDOWN_SETTINGS_REFUSED)
      expect(() => loadQueryEnv(env)).toThrow(error);
  });
});
