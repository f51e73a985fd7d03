import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRETS } from '@campus/contracts';
import { ConfigError } from '@campus/infra';
import { loadWorkerEnv } from './env';

const PRODUCTION = {
  APP_ENV: 'production',
  FIREBASE_PROJECT_ID: 'campus-prod',
  CHECK_IN_SECRET: 'a-production-check-in-secret',
  CALENDAR_FEED_SECRET: 'a-production-calendar-feed-secret',
};

describe('projection worker configuration', () => {
  it('serves its metrics on the loopback interface unless configured', () => {
    expect(loadWorkerEnv({}).WORKER_METRICS_HOST).toBe('127.0.0.1');
    expect(loadWorkerEnv({ WORKER_METRICS_HOST: '0.0.0.0' }).WORKER_METRICS_HOST).toBe('0.0.0.0');
    expect(() => loadWorkerEnv({ WORKER_METRICS_HOST: '' })).toThrow(/WORKER_METRICS_HOST/);
  });

  it('starts from a production configuration with secrets of its own', () => {
    expect(loadWorkerEnv(PRODUCTION).APP_ENV).toBe('production');
  });

  it.each(Object.keys(DEVELOPMENT_SECRETS))(
    'refuses to start in production with the development %s',
    (name) => {
      const start = () => loadWorkerEnv({ ...PRODUCTION, [name]: undefined });
      expect(start).toThrow(ConfigError);
      expect(start).toThrow(new RegExp(`${name}: must be a secret of your own`));
    },
  );
});
