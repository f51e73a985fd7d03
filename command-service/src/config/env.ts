import type { z } from 'zod';
import {
  httpServiceEnvSchema,
  listenHostEnv,
  listenPortEnv,
  loadEnv,
  securityEnvShape,
} from '@campus/infra';

const commandEnvSchema = httpServiceEnvSchema({
  COMMAND_PORT: listenPortEnv(4001),
  COMMAND_HOST: listenHostEnv(),
  ...securityEnvShape,
});
type CommandEnv = z.infer<typeof commandEnvSchema>;

export const loadCommandEnv = (source: NodeJS.ProcessEnv = process.env): CommandEnv =>
  loadEnv(commandEnvSchema, source);
