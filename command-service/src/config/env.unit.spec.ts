import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_SECRETS } from '@campus/contracts';
import { ConfigError } from '@campus/infra';
import { loadCommandEnv } from './env';

const PRODUCTION = {
  APP_ENV: 'production',
  FIREBASE_PROJECT_ID: 'campus-prod',
  CHECK_IN_SECRET: 'a-production-check-in-secret',
  CALENDAR_FEED_SECRET: 'a-production-calendar-feed-secret',
};

describe('command service configuration', () => {
  it('starts from a production configuration with secrets of its own', () => {
    expect(loadCommandEnv(PRODUCTION)).toMatchObject({
      APP_ENV: 'production',
      RATE_LIMIT_COMMANDS: 30,
      RATE_LIMIT_BURST: 60,
    });
  });

  it.each(Object.keys(DEVELOPMENT_SECRETS))(
    'refuses to start in production with the development %s',
    (name) => {
      const start = () => loadCommandEnv({ ...PRODUCTION, [name]: undefined });
      expect(start).toThrow(ConfigError);
      expect(start).toThrow(new RegExp(`${name}: must be a secret of your own`));
    },
  );
});
