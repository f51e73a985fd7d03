import { z } from 'zod';
import {
  checkShutdownEnv,
  loadEnv,
  securityEnvShape,
  serviceEnvSchema,
  shutdownEnvShape,
} from '@campus/infra';

export const queryEnvSchema = serviceEnvSchema
  .extend({
    QUERY_PORT: z.coerce.number().int().min(0).max(65535).default(4002),
    /** Listen address: this machine only by default; 0.0.0.0 where a gateway elsewhere calls it (containers). */
    QUERY_HOST: z.string().min(1).default('127.0.0.1'),
    CORS_ORIGIN: securityEnvShape.CORS_ORIGIN,
    /** Prefix of the leaderboard keys in Redis: the projection worker's REDIS_PREFIX. */
    REDIS_PREFIX: z.string().min(1).default('campus:'),
    ...shutdownEnvShape,
  })
  .superRefine(checkShutdownEnv);
export type QueryEnv = z.infer<typeof queryEnvSchema>;

export const loadQueryEnv = (source: NodeJS.ProcessEnv = process.env): QueryEnv =>
  loadEnv(queryEnvSchema, source);
