import { z } from 'zod';
import {
  httpServiceEnvSchema,
  listenHostEnv,
  listenPortEnv,
  loadEnv,
  securityEnvShape,
} from '@campus/infra';

export const queryEnvSchema = httpServiceEnvSchema({
  QUERY_PORT: listenPortEnv(4002),
  QUERY_HOST: listenHostEnv(),
  CORS_ORIGIN: securityEnvShape.CORS_ORIGIN,
  /** Prefix of the leaderboard keys in Redis: the projection worker's REDIS_PREFIX. */
  REDIS_PREFIX: z.string().min(1).default('campus:'),
});
export type QueryEnv = z.infer<typeof queryEnvSchema>;

export const loadQueryEnv = (source: NodeJS.ProcessEnv = process.env): QueryEnv =>
  loadEnv(queryEnvSchema, source);
