import { DEVELOPMENT_SECRETS } from '@campus/contracts';
import { ConfigError } from '../config/service-env';

/** A production configuration that passes every check, to spoil one setting at a time. */
export const PRODUCTION_ENV = Object.freeze({
  APP_ENV: 'production',
  FIREBASE_PROJECT_ID: 'campus-prod',
  CHECK_IN_SECRET: 'a-production-check-in-secret',
  CALENDAR_FEED_SECRET: 'a-production-calendar-feed-secret',
});

/**
 * Starts `load` in production once per development secret, with that secret left at its
 * development default: answers how each start went wrong (empty when every one was refused with a
 * ConfigError naming the secret).
 */
export const unrefusedDevelopmentSecrets = (
  load: (source: NodeJS.ProcessEnv) => unknown,
): string[] => {
  const names = Object.keys(DEVELOPMENT_SECRETS);
  if (!names.length) return ['no development secrets to check'];
  return names.flatMap((name) => {
    try {
      load({ ...PRODUCTION_ENV, [name]: undefined });
      return [`${name}: started`];
    } catch (error) {
      if (!(error instanceof ConfigError)) return [`${name}: failed with ${String(error)}`];
      return error.message.includes(`${name}: must be a secret of your own`)
        ? []
        : [`${name}: refused without naming it (${error.message})`];
    }
  });
};
