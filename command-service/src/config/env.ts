import { z } from 'zod';
import { loadEnv, securityEnvShape, serviceEnvSchema } from '@campus/infra';

export const commandEnvSchema = serviceEnvSchema.extend({
  COMMAND_PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  ...securityEnvShape,
});
export type CommandEnv = z.infer<typeof commandEnvSchema>;

export const loadCommandEnv = (source: NodeJS.ProcessEnv = process.env): CommandEnv =>
  loadEnv(commandEnvSchema, source);
