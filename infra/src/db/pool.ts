import pg from 'pg';

// numeric(20,0) and int8 come back as strings; bigint columns we read as text and convert with BigInt.
export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export type PoolOptions = { readonly max?: number; readonly applicationName?: string };

export const createPool = (connectionString: string, options: PoolOptions = {}): pg.Pool => {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'campus',
    // A forgotten open transaction would hold back every event-store subscriber (xmin is cluster-wide).
    idle_in_transaction_session_timeout: 10_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may a checked-out one waiting between two statements (a lock's connection held while the
  // work runs on others, when Postgres restarts): the pool has no listener on it then, and pg
  // emits the loss as an 'error' event. Its next statement fails instead, and the pool drops a
  // client that is no longer queryable when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
};
