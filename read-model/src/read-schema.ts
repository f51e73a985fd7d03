import type { Pool, PoolClient } from '@campus/infra';

/**
 * The Postgres schema a projection writes: the live `read`, or the shadow a replay builds and then
 * swaps in. Projection SQL names its tables unqualified; each transaction sets its search path.
 */
export type ReadSchema = 'read' | 'read_shadow';

export const LIVE_SCHEMA: ReadSchema = 'read';
export const SHADOW_SCHEMA: ReadSchema = 'read_shadow';

const useReadSchemaSql = (schema: ReadSchema) => `SET LOCAL search_path TO ${schema}`;

/** Points this transaction's unqualified table names at `schema` (pg_catalog is searched first). */
export const useReadSchema = async (client: PoolClient, schema: ReadSchema) => {
  await client.query(useReadSchemaSql(schema));
};

/**
 * Runs `work` in one transaction on `schema`: committed on success, rolled back on any error.
 * Keep it short: any open write transaction pauses every event-store subscriber on the server.
 */
export const withReadTransaction = async <T>(
  pool: Pool,
  schema: ReadSchema,
  work: (client: PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> => {
  const client = await pool.connect();
  // A connection lost between two statements is reported here, not thrown at the process; the
  // next statement then fails, the transaction rolls back and the connection is discarded.
  let lost: Error | undefined;
  const onLost = (error: Error) => {
    lost = error;
  };
  client.on('error', onLost);
  try {
    // One round trip: BEGIN and the settings of the transaction (a shadow is rebuilt from the
    // log if lost, so its commits need not wait for the disk).
    await client.query(
      `${begin}; ${useReadSchemaSql(schema)}${schema === SHADOW_SCHEMA ? '; SET LOCAL synchronous_commit = off' : ''}`,
    );
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.off('error', onLost);
    client.release(lost);
  }
};
