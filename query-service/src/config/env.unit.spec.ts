import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, unrefusedDevelopmentSecrets } from '@campus/infra/testing';
import { loadQueryEnv } from './env';

describe('query service configuration', () => {
  it('starts from a production configuration with secrets of its own', () => {
    expect(loadQueryEnv(PRODUCTION_ENV)).toMatchObject({
      APP_ENV: 'production',
    });
  });

  it('refuses to start in production with any development secret left in place', () => {
    expect(unrefusedDevelopmentSecrets(loadQueryEnv)).toEqual([]);
  });
});
