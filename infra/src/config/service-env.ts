import { z } from 'zod';
import { DEVELOPMENT_SECRETS, productConfigSchema } from '@campus/contracts';
import { DEFAULT_REDIS_COMMAND_TIMEOUT_MS } from '../redis/client';

/** Settings every service shares; each service's env.ts extends these. */
export const serviceEnvSchema = productConfigSchema.extend({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/campus'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  /**
   * How long one Redis command may take before it fails (boards, rate limits, job queues): a Redis
   * that is down or frozen costs a caller this much, then boards are owed, limits count in memory
   * and leaderboard reads answer 503. BullMQ Workers' blocking connections have no such limit.
   */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(DEFAULT_REDIS_COMMAND_TIMEOUT_MS),
  /** Set to an esdb:// URL to keep events in EventStoreDB instead of Postgres. */
  EVENTSTORE_URL: z
    .string()
    .startsWith('esdb://', 'must be an esdb:// connection string')
    .optional(),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-campus'),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  /** Uploaded files: written by the command service, served read-only by the query service. */
  UPLOAD_DIR: z.string().default('var/uploads'),
  /** Report CSVs: written by the projection worker's jobs, downloaded through the query service. */
  REPORTS_DIR: z.string().default('var/reports'),
  /** BullMQ's key prefix for the `reports` and `replay` queues (shared by every service). */
  JOBS_PREFIX: z.string().min(1).default('campus-jobs'),
});
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

/** Why a production configuration is refused, as (variable, reason) pairs. */
const productionProblems = (env: ServiceEnv): [string, string][] => {
  if (env.APP_ENV !== 'production') return [];
  const problems: [string, string][] = [];
  if (env.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push([
      'FIREBASE_AUTH_EMULATOR_HOST',
      'must not be set in production (it would accept unsigned tokens)',
    ]);
  }
  if (env.FIREBASE_PROJECT_ID.startsWith('demo-')) {
    problems.push(['FIREBASE_PROJECT_ID', 'must name a real Firebase project in production']);
  }
  if (env.CLOCK_OFFSET_MS !== 0) problems.push(['CLOCK_OFFSET_MS', 'must be 0 in production']);
  for (const [name, developmentValue] of Object.entries(DEVELOPMENT_SECRETS)) {
    const value = env[name as keyof typeof DEVELOPMENT_SECRETS];
    // A published value signs nothing secret (anyone could forge check-in codes or feed links);
    // so does any variant of one.
    if (value === developmentValue || value.startsWith('development-'))
      problems.push([name, 'must be a secret of your own in production']);
  }
  // One value for two would let a leak of either secret forge the other's codes or links.
  if (env.CALENDAR_FEED_SECRET === env.CHECK_IN_SECRET)
    problems.push(['CALENDAR_FEED_SECRET', 'must differ from CHECK_IN_SECRET in production']);
  for (const other of ['CHECK_IN_SECRET', 'CALENDAR_FEED_SECRET'] as const) {
    if (env.MAIL_LINK_SECRET === env[other])
      problems.push(['MAIL_LINK_SECRET', `must differ from ${other} in production`]);
  }
  return problems;
};

/**
 * Parses the environment with a service's schema; throws a ConfigError naming each bad variable.
 * Production refuses the auth emulator, demo projects, the clock offset and every development
 * default secret (DEVELOPMENT_SECRETS).
 */
export const loadEnv = <S extends typeof serviceEnvSchema>(
  schema: S,
  source: NodeJS.ProcessEnv = process.env,
): z.output<S> => {
  const result = schema.safeParse(source);
  const problems: [string, string][] = result.success
    ? productionProblems(result.data)
    : result.error.issues.map((i) => [i.path.join('.') || '(env)', i.message]);
  if (!result.success || problems.length) {
    throw new ConfigError(
      `Invalid configuration:\n${problems.map(([k, m]) => `  ${k}: ${m}`).join('\n')}`,
    );
  }
  return result.data;
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
