import { z } from 'zod';
import {
  checkShutdownEnv,
  loadEnv,
  securityEnvShape,
  serviceEnvSchema,
  shutdownEnvShape,
} from '@campus/infra';

export const commandEnvSchema = serviceEnvSchema
  .extend({
    COMMAND_PORT: z.coerce.number().int().min(0).max(65535).default(4001),
    /** Listen address: this machine only by default; 0.0.0.0 where a gateway elsewhere calls it (containers). */
    COMMAND_HOST: z.string().min(1).default('127.0.0.1'),
    ...securityEnvShape,
    ...shutdownEnvShape,
  })
  .superRefine(checkShutdownEnv);
export type CommandEnv = z.infer<typeof commandEnvSchema>;

export const loadCommandEnv = (source: NodeJS.ProcessEnv = process.env): CommandEnv =>
  loadEnv(commandEnvSchema, source);
