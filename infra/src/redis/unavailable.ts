import { AppError } from '../http/errors';
import { DEFAULT_REDIS_COMMAND_TIMEOUT_MS, type RedisClient } from './client';

/** A Redis call given up by withRedisDeadline. */
export class RedisDeadlineError extends Error {
  override readonly name = 'RedisDeadlineError';
  constructor(ms: number) {
    super(`Redis did not answer within ${String(ms)} ms`);
  }
}

/**
 * Whether an error from a Redis command says Redis cannot answer now (down, restarting, frozen,
 * loading its data) rather than that the command is wrong: ioredis' command timeout, its give-up
 * after reconnection attempts, a closed or unwritable connection, and the replies of a Redis that
 * is starting (LOADING), stuck in a script (BUSY) or without its master (MASTERDOWN). Only what
 * ioredis rejects commands with: a socket error code alone (which pg errors carry too) is not one.
 */
export const isRedisUnavailableError = (error: unknown): boolean => {
  if (error instanceof RedisDeadlineError) return true;
  if (!(error instanceof Error)) return false;
  if (error.name === 'MaxRetriesPerRequestError') return true;
  const { message } = error;
  return (
    message === 'Command timed out' ||
    message === 'Connection is closed.' ||
    message.startsWith("Stream isn't writeable") ||
    message.startsWith('LOADING ') ||
    message.startsWith('BUSY ') ||
    message.startsWith('MASTERDOWN ')
  );
};

/**
 * `work` (Redis calls on `redis`), failed with RedisDeadlineError once the client's command
 * timeout has passed (DEFAULT_REDIS_COMMAND_TIMEOUT_MS without a client, or for a client made
 * without one): a backstop, so a request never waits on Redis longer than that, also where
 * commands are not sent yet (a BullMQ queue waits for its first connection before it sends any).
 */
export const withRedisDeadline = async <T>(
  redis: Pick<RedisClient, 'options'> | null,
  work: Promise<T>,
): Promise<T> => {
  const ms = redis?.options.commandTimeout ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new RedisDeadlineError(ms)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
};

/** How long a client is asked to wait (Retry-After) before asking for a leaderboard again. */
export const LEADERBOARD_RETRY_AFTER_SECONDS = { unavailable: 10, rebuilding: 5 } as const;

/**
 * 503 for a leaderboard read while Redis cannot answer or while the boards are being rebuilt
 * after Redis missed writes. Carries the Retry-After seconds the route sends.
 */
export class LeaderboardsUnavailableError extends AppError {
  readonly status = 503;
  readonly title: string;
  readonly retryAfterSeconds: number;
  constructor(reason: 'unavailable' | 'rebuilding') {
    super(
      reason === 'rebuilding'
        ? 'Leaderboards are being rebuilt; try again in a few seconds.'
        : 'Leaderboards cannot be read right now; try again in a few seconds.',
    );
    this.title =
      reason === 'rebuilding'
        ? 'Leaderboards are being rebuilt'
        : 'Leaderboards are temporarily unavailable';
    this.retryAfterSeconds = LEADERBOARD_RETRY_AFTER_SECONDS[reason];
  }
}
