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
  return pool;
};

/** Runs `work` in one transaction, committed on success and rolled back on any error. */
export const withTransaction = async <T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};
