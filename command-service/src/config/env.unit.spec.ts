import { describe, expect, it } from 'vitest';
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

  it('refuses to start in production with any development secret left in place', () => {
    expect(unrefusedDevelopmentSecrets(loadCommandEnv)).toEqual([]);
  });
});
