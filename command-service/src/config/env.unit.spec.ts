import { describe, expect, it } from 'vitest';
import { shutdownSettings } from '@campus/infra';
import { PRODUCTION_ENV, unrefusedDevelopmentSecrets } from '@campus/infra/testing';
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
    expect(shutdownSettings(loadCommandEnv(PRODUCTION_ENV))).toMatchObject({
      drainMs: 2_000,
      timeoutMs: 25_000,
    });
    expect(shutdownSettings(loadCommandEnv({ APP_ENV: 'test' })).drainMs).toBe(0);
    expect(
      shutdownSettings(
        loadCommandEnv({
          ...PRODUCTION_ENV,
          SHUTDOWN_DRAIN_MS: '5000',
          SHUTDOWN_TIMEOUT_MS: '40000',
        }),
      ),
    ).toMatchObject({ drainMs: 5_000, timeoutMs: 40_000 });
  });

  it('refuses a forced exit that would not leave the drain and its requests time', () => {
    expect(() =>
      loadCommandEnv({ ...PRODUCTION_ENV, SHUTDOWN_DRAIN_MS: '5000', SHUTDOWN_TIMEOUT_MS: '5500' }),
    ).toThrow(/SHUTDOWN_TIMEOUT_MS: must be at least 1000 more than the drain \(5000 ms\)/);
    // The production default drain counts when none is set.
    expect(() => loadCommandEnv({ ...PRODUCTION_ENV, SHUTDOWN_TIMEOUT_MS: '2500' })).toThrow(
      /SHUTDOWN_TIMEOUT_MS/,
    );
    expect(() => loadCommandEnv({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => loadCommandEnv({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });
});
