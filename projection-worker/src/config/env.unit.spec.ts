import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, unrefusedDevelopmentSecrets } from '@campus/infra/testing';
import { loadWorkerEnv } from './env';

describe('projection worker configuration', () => {
  it('serves its metrics on the loopback interface unless configured', () => {
    expect(loadWorkerEnv({}).WORKER_METRICS_HOST).toBe('127.0.0.1');
    expect(loadWorkerEnv({ WORKER_METRICS_HOST: '0.0.0.0' }).WORKER_METRICS_HOST).toBe('0.0.0.0');
    expect(() => loadWorkerEnv({ WORKER_METRICS_HOST: '' })).toThrow(/WORKER_METRICS_HOST/);
  });

  it('lets a standby try to take over leadership every second unless configured', () => {
    expect(loadWorkerEnv({}).LEADER_POLL_MS).toBe(1_000);
    expect(loadWorkerEnv({ LEADER_POLL_MS: '250' }).LEADER_POLL_MS).toBe(250);
    for (const wrong of ['0', '49', '60001', '1.5', 'soon']) {
      expect(() => loadWorkerEnv({ LEADER_POLL_MS: wrong })).toThrow(/LEADER_POLL_MS/);
    }
  });

  it('starts from a production configuration with secrets of its own', () => {
    expect(loadWorkerEnv(PRODUCTION_ENV).APP_ENV).toBe('production');
  });

  it('refuses to start in production with any development secret left in place', () => {
    expect(unrefusedDevelopmentSecrets(loadWorkerEnv)).toEqual([]);
  });
});
