import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRETS } from '@campus/contracts';
import { ConfigError } from '@campus/infra';
import { loadQueryEnv } from './env';

const PRODUCTION = {
  APP_ENV: 'production',
  FIREBASE_PROJECT_ID: 'campus-prod',
  CHECK_IN_SECRET: 'a-production-check-in-secret',
  CALENDAR_FEED_SECRET: 'a-production-calendar-feed-secret',
};

describe('query service configuration', () => {
  it('starts from a production configuration with secrets of its own', () => {
    expect(loadQueryEnv(PRODUCTION)).toMatchObject({
      APP_ENV: 'production',
    });
  });

  it.each(Object.keys(DEVELOPMENT_SECRETS))(
    'refuses to start in production with the development %s',
    (name) => {
      const start = () => loadQueryEnv({ ...PRODUCTION, [name]: undefined });
      expect(start).toThrow(ConfigError);
      expect(start).toThrow(new RegExp(`${name}: must be a secret of your own`));
    },
  );
});
