import { describe, expect, it } from 'vitest';
import { shutdownSettings } from '@campus/infra';
import { PRODUCTION_ENV, unrefusedDevelopmentSecrets } from '@campus/infra/testing';
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
    expect(shutdownSettings(loadQueryEnv(PRODUCTION_ENV))).toMatchObject({
      drainMs: 2_000,
      timeoutMs: 25_000,
    });
    expect(shutdownSettings(loadQueryEnv({ APP_ENV: 'test' })).drainMs).toBe(0);
    expect(
      shutdownSettings(
        loadQueryEnv({
          ...PRODUCTION_ENV,
          SHUTDOWN_DRAIN_MS: '5000',
          SHUTDOWN_TIMEOUT_MS: '40000',
        }),
      ),
    ).toMatchObject({ drainMs: 5_000, timeoutMs: 40_000 });
  });

  it('refuses a forced exit that would not leave the drain and its requests time', () => {
    expect(() =>
      loadQueryEnv({ ...PRODUCTION_ENV, SHUTDOWN_DRAIN_MS: '5000', SHUTDOWN_TIMEOUT_MS: '5500' }),
    ).toThrow(/SHUTDOWN_TIMEOUT_MS: must be at least 1000 more than the drain \(5000 ms\)/);
    // The production default drain counts when none is set.
    expect(() => loadQueryEnv({ ...PRODUCTION_ENV, SHUTDOWN_TIMEOUT_MS: '2500' })).toThrow(
      /SHUTDOWN_TIMEOUT_MS/,
    );
    expect(() => loadQueryEnv({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => loadQueryEnv({ SHUTDOWN_TIMEOUT_MS: 'soon' })).toThrow(/SHUTDOWN_TIMEOUT_MS/);
  });
});
