import pg from 'pg';
import { createRedisClient, type Pool, type RedisClient } from '@campus/infra';
import {
  deleteRedisPrefix,
  ensureTemplateDatabase,
  templateDatabaseName,
} from '@campus/infra/testing';
import { benchEnv } from './config';

const withDatabase = (name: string) => {
  const url = new URL(benchEnv.TEST_DATABASE_SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

const adminQuery = async (sql: string) => {
  const client = new pg.Client({ connectionString: withDatabase('postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

type BenchDatabase = {
  readonly name: string;
  readonly url: string;
  readonly pool: Pool;
  readonly drop: () => Promise<void>;
};

/**
 * `campus_bench_<label>`, migrated (a copy of the tests' template), replacing a leftover of an
 * interrupted run; dropped by `drop`.
 */
export const createBenchDatabase = async (
  label: string,
  options: { poolMax?: number; idleTimeoutMillis?: number } = {},
): Promise<BenchDatabase> => {
  const name = `campus_bench_${label.replace(/[^a-z0-9_]/g, '_')}`;
  await ensureTemplateDatabase();
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${templateDatabaseName()}`);
  const url = withDatabase(name);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolMax ?? 10,
    application_name: `bench:${label}`,
    idle_in_transaction_session_timeout: 10_000,
    // The server's connections are shared with everyone's tests: give idle ones back soon.
    idleTimeoutMillis: options.idleTimeoutMillis ?? 10_000,
  });
  pool.on('error', () => undefined);
  return {
    name,
    url,
    pool,
    drop: async () => {
      await pool.end();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
};

/** Unlinks every key under `prefix`. */
const dropRedisKeys = deleteRedisPrefix;

type BenchRedis = {
  readonly redis: RedisClient;
  readonly prefix: string;
  drop(): Promise<void>;
};

/** A Redis connection and the key prefix `bench:<label>:`, whose keys `drop` removes. */
export const createBenchRedis = async (label: string): Promise<BenchRedis> => {
  const redis = createRedisClient(benchEnv.TEST_REDIS_URL);
  const prefix = `bench:${label}:`;
  await dropRedisKeys(redis, prefix);
  return {
    redis,
    prefix,
    drop: async () => {
      await dropRedisKeys(redis, prefix);
      redis.disconnect();
    },
  };
};
