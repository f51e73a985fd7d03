import { rm } from 'node:fs/promises';
import { createRedisClient } from '../redis/client';
import type { TestDatabase } from './database';
import { deleteRedisPrefix, TEST_REDIS_URL } from './redis';

/**
 * The end of a test file that ran services of its own: its Redis keys, its database and its
 * folders go, each even when the one before failed.
 */
export const releaseTestResources = async (resources: {
  readonly redisPrefix: string;
  readonly db?: TestDatabase | undefined;
  readonly dirs?: readonly string[];
}) => {
  const redis = createRedisClient(TEST_REDIS_URL);
  try {
    await deleteRedisPrefix(redis, resources.redisPrefix);
  } finally {
    redis.disconnect();
    try {
      await resources.db?.drop();
    } finally {
      await Promise.all(
        (resources.dirs ?? []).map((dir) => rm(dir, { recursive: true, force: true })),
      );
    }
  }
};
