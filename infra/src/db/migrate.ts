import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../migrations', import.meta.url));

/** Applies every pending migration (node-pg-migrate, SQL files in infra/migrations). */
export const migrate = async (
  databaseUrl: string,
  log: (msg: string) => void = () => undefined,
) => {
  await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'migrations',
    migrationsSchema: 'public',
    count: Infinity,
    checkOrder: true,
    log,
    verbose: false,
  });
};

/** Creates the database named in `databaseUrl` when it does not exist yet. */
export const ensureDatabase = async (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
};
