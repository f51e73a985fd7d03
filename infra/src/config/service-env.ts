import { z } from 'zod';
import { productConfigSchema } from '@campus/contracts';

/** Settings every service shares; each service's env.ts extends these. */
export const serviceEnvSchema = productConfigSchema.extend({
  APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/campus'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  /** Set to an esdb:// URL to keep events in EventStoreDB instead of Postgres. */
  EVENTSTORE_URL: z.string().startsWith('esdb://', 'must be an esdb:// connection string').optional(),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-campus'),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
});
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

/**
 * Parses the environment with a service's schema; exits with a message naming each bad variable.
 * Production refuses the auth emulator and the clock offset.
 */
export const loadEnv = <S extends typeof serviceEnvSchema>(schema: S, source: NodeJS.ProcessEnv = process.env): z.output<S> => {
  const result = schema
    .superRefine((env, ctx) => {
      if (env.APP_ENV !== 'production') return;
      if (env.FIREBASE_AUTH_EMULATOR_HOST) {
        ctx.addIssue({
          code: 'custom',
          path: ['FIREBASE_AUTH_EMULATOR_HOST'],
          message: 'must not be set in production (it would accept unsigned tokens)',
        });
      }
      if (env.FIREBASE_PROJECT_ID.startsWith('demo-')) {
        ctx.addIssue({ code: 'custom', path: ['FIREBASE_PROJECT_ID'], message: 'must name a real Firebase project in production' });
      }
      if (env.CLOCK_OFFSET_MS !== 0) {
        ctx.addIssue({ code: 'custom', path: ['CLOCK_OFFSET_MS'], message: 'must be 0 in production' });
      }
    })
    .safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data as z.output<S>;
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
