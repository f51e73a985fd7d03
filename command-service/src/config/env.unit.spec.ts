import { describe, expect, it } from 'vitest';
import { shutdownSettings } from '@campus/infra';
import {
  PRODUCTION_ENV,
  SHUTDOWN_SETTINGS_READ,
  SHUTDOWN_SETTINGS_REFUSED,
  unrefusedDevelopmentSecrets,
} from '@campus/infra/testing';
import { loadCommandEnv } from './env';

describe('command service configuration', () => {
  it('starts from a production configuration with secrets of its own', () => {
    expect(loadCommandEnv(PRODUCTION_ENV)).toMatchObject({
      APP_ENV: 'production',
      RATE_LIMIT_COMMANDS: 30,
      RATE_LIMIT_BURST: 60,
    });
  });

  it('listens on this machine only unless COMMAND_HOST names another address', () => {
    expect(loadCommandEnv({}).COMMAND_HOST).toBe('127.0.0.1');
    expect(loadCommandEnv({ COMMAND_HOST: '0.0.0.0' }).COMMAND_HOST).toBe('0.0.0.0');
  });

  it('refuses to start in production with any development secret left in place', () => {
    expect(unrefusedDevelopmentSecrets(loadCommandEnv)).toEqual([]);
  });

  it('drains 2 s after SIGTERM in production and forces the exit after 25 s, by default', () => {
    for (const { env, settings } of SHUTDOWN_SETTINGS_READ)
      expect(shutdownSettings(loadCommandEnv(env))).toMatchObject(settings);
  });

  it('refuses a forced exit that would not leave the drain and its requests time', () => {
    for (const { env, error } of SHUTDOWN_SETTINGS_REFUSED)
      expect(() => loadCommandEnv(env)).toThrow(error);
  });
});
