import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR, migrate } from '../db/migrate';
import { createPool, type Pool } from '../db/pool';
import { registerTestDatabase, snapshotDeadLetters } from './dead-letters';

/** The server tests create their databases on (trust auth on the machines we run on). */
export const TEST_SERVER_URL =
  process.env['TEST_DATABASE_SERVER_URL'] ?? 'postgres://postgres@127.0.0.1:5432';

const withDatabase = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const migrationsHash = () => {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 12);
};

export const templateDatabaseName = () => `campus_tpl_${migrationsHash()}`;

const adminQuery = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => {
  const client = new pg.Client({ connectionString: withDatabase(TEST_SERVER_URL, 'postgres') });
  await client.connect();
  try {
    return await client.query<T>(sql, params);
  } finally {
    await client.end();
  }
};

/**
 * Makes sure a migrated template database exists for the current migrations. Runs once per test
 * run (vitest global setup); an advisory lock keeps parallel projects from racing.
 */
export const ensureTemplateDatabase = async () => {
  const name = templateDatabaseName();
  const client = new pg.Client({ connectionString: withDatabase(TEST_SERVER_URL, 'postgres') });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(742001)');
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building}`);
      await client.query(`CREATE DATABASE ${building}`);
      await migrate(withDatabase(TEST_SERVER_URL, building));
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await client.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true`);
    }
    // Leftovers of earlier runs (a test killed before its cleanup) are dropped here.
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'campus_t\\_%'
         AND (pg_stat_file('base/' || oid || '/PG_VERSION')).modification < now() - interval '2 hours'`,
    );
    for (const row of rows)
      await client.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
  } finally {
    await client.query('SELECT pg_advisory_unlock(742001)').catch(() => undefined);
    await client.end();
  }
  return name;
};

export type TestDatabase = {
  readonly name: string;
  readonly url: string;
  readonly pool: Pool;
  /** Closes the pool and drops the database. */
  readonly drop: () => Promise<void>;
};

/** A fresh, migrated database of its own for one test file. */
export const createTestDatabase = async (
  options: { poolMax?: number } = {},
): Promise<TestDatabase> => {
  const name = `campus_t_${randomBytes(6).toString('hex')}`;
  const template = templateDatabaseName();
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (error) {
      // Two CREATE DATABASE from one template at the same instant can collide; try again shortly.
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200));
    }
  }
  const url = withDatabase(TEST_SERVER_URL, name);
  registerTestDatabase(name, url);
  const pool = createPool(url, { max: options.poolMax ?? 5, applicationName: `test:${name}` });
  return {
    name,
    url,
    pool,
    drop: async () => {
      await pool.end();
      try {
        // The run's teardown fails on dead letters no test expected; they go with the database.
        await snapshotDeadLetters(name, url);
      } finally {
        await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
  };
};
