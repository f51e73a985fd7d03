import { DEVELOPMENT_SECRETS } from '@campus/contracts';
import { ConfigError } from '../config/service-env';

/** A production configuration that passes every check, to spoil one setting at a time. */
export const PRODUCTION_ENV = Object.freeze({
  APP_ENV: 'production',
  FIREBASE_PROJECT_ID: 'campus-prod',
  CHECK_IN_SECRET: 'a-production-check-in-secret',
  CALENDAR_FEED_SECRET: 'a-production-calendar-feed-secret',
  MAIL_LINK_SECRET: 'a-production-mail-link-secret',
  /** The workers': where users reach the product (every mail's unsubscribe link). */
  PUBLIC_URL: 'https://volunteer.university.example',
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

/**
 * An HTTP service's shutdown settings as its env.ts must read them (`shutdownSettings` of the
 * parsed environment matches `settings`): 2 s of drain after SIGTERM in production and none
 * elsewhere, the exit forced after 25 s, both set by SHUTDOWN_DRAIN_MS and SHUTDOWN_TIMEOUT_MS.
 */
export const SHUTDOWN_SETTINGS_READ: readonly {
  readonly env: NodeJS.ProcessEnv;
  readonly settings: { readonly drainMs: number; readonly timeoutMs?: number };
}[] = [
  { env: PRODUCTION_ENV, settings: { drainMs: 2_000, timeoutMs: 25_000 } },
  { env: { APP_ENV: 'test' }, settings: { drainMs: 0 } },
  {
    env: { ...PRODUCTION_ENV, SHUTDOWN_DRAIN_MS: '5000', SHUTDOWN_TIMEOUT_MS: '40000' },
    settings: { drainMs: 5_000, timeoutMs: 40_000 },
  },
];

/**
 * Shutdown settings an HTTP service's env.ts must refuse, with the error each start throws: a
 * forced exit that would not leave the drain and its requests time, and values out of range.
 */
export const SHUTDOWN_SETTINGS_REFUSED: readonly {
  readonly env: NodeJS.ProcessEnv;
  readonly error: RegExp;
}[] = [
  {
    env: { ...PRODUCTION_ENV, SHUTDOWN_DRAIN_MS: '5000', SHUTDOWN_TIMEOUT_MS: '5500' },
    error: /SHUTDOWN_TIMEOUT_MS: must be at least 1000 more than the drain \(5000 ms\)/,
  },
  // The production default drain counts when none is set.
  { env: { ...PRODUCTION_ENV, SHUTDOWN_TIMEOUT_MS: '2500' }, error: /SHUTDOWN_TIMEOUT_MS/ },
  { env: { SHUTDOWN_DRAIN_MS: '-1' }, error: /SHUTDOWN_DRAIN_MS/ },
  { env: { SHUTDOWN_TIMEOUT_MS: 'soon' }, error: /SHUTDOWN_TIMEOUT_MS/ },
];
