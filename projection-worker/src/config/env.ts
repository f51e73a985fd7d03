import { z } from 'zod';
import { ConfigError, loadEnv, serviceEnvSchema } from '@campus/infra';

export const workerEnvSchema = serviceEnvSchema.extend({
  PROJECTION_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(4003),
  /** Where /metrics and /healthz listen: this machine only, unless a scraper elsewhere needs them. */
  WORKER_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Prefix of every leaderboard key in Redis (REDIS_URL is shared by all services). */
  REDIS_PREFIX: z.string().min(1).default('campus:'),
  /** How often the worker checks that Redis still holds the boards (rebuilt when it lost them). */
  BOARDS_CHECK_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
  /** The SMTP server the mail outbox sends through (the demo's catch-all server by default). */
  SMTP_HOST: z.string().min(1).default('127.0.0.1'),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).default(2525),
  MAIL_FROM: z.string().min(3).default('Campus Volunteering <no-reply@university.edu>'),
  /** The product's address as its users reach it: the unsubscribe links of every mail start with it. */
  PUBLIC_URL: z.url().default('http://127.0.0.1:8080'),
  /** How often the outbox queues due reminders and sends due messages. */
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
  /**
   * One worker leads (projects, relays the outbox, watches the boards); the others stand by and try
   * to take over this often. The leader checks its lock connection as often.
   */
  LEADER_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
});
export type WorkerEnv = z.infer<typeof workerEnvSchema>;

/**
 * The worker's settings; production also refuses a PUBLIC_URL on this machine (its default) or
 * not https: every mail's unsubscribe link would lead nowhere, and mail providers offer one-click
 * unsubscribing for https addresses only (RFC 8058).
 */
export const loadWorkerEnv = (source: NodeJS.ProcessEnv = process.env): WorkerEnv => {
  const env = loadEnv(workerEnvSchema, source);
  const url = new URL(env.PUBLIC_URL);
  const local = ['127.0.0.1', 'localhost', '[::1]', '0.0.0.0'].includes(url.hostname);
  if (env.APP_ENV === 'production' && (local || url.protocol !== 'https:')) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: must be the https address users reach in production',
    );
  }
  return env;
};
