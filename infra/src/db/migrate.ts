import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runner } from 'node-pg-migrate';

/**
 * infra's `migrations` folder, found from wherever this code runs: its sources (infra/src/db), the
 * infra bundle (infra/dist/migrate.js), or another workspace's bundle that inlines it
 * (projection-worker/dist/operator.js, whose `restore` migrates): the nearest folder up the tree
 * that holds `migrations` beside a package.json, or `infra/migrations`.
 */
const migrationsDir = (): string => {
  const here = dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = dirname(dir)) {
    const own = join(dir, 'migrations');
    if (existsSync(join(dir, 'package.json')) && existsSync(own)) return own;
    const infra = join(dir, 'infra', 'migrations');
    if (existsSync(infra)) return infra;
    if (dirname(dir) === dir) return join(here, '../../migrations');
  }
};

export const MIGRATIONS_DIR = migrationsDir();

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
