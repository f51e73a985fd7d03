import { z } from 'zod';
import { loadEnv, serviceEnvSchema } from '@campus/infra';

export const queryEnvSchema = serviceEnvSchema.extend({
  QUERY_PORT: z.coerce.number().int().min(0).max(65535).default(4002),
});
export type QueryEnv = z.infer<typeof queryEnvSchema>;

export const loadQueryEnv = (source: NodeJS.ProcessEnv = process.env): QueryEnv =>
  loadEnv(queryEnvSchema, source);
