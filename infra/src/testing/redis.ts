import { randomBytes } from 'node:crypto';

export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** A key prefix of its own for one test file, so files can share one Redis server. */
export const testRedisPrefix = (label: string) =>
  `test:${label}:${randomBytes(4).toString('hex')}:`;
