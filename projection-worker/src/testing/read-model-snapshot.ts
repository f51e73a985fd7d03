import type { Pool } from '@campus/infra';
import { readModelSnapshot, WRITE_TIME_COLUMNS } from '@campus/infra/testing';

/**
 * Every row of every table of the `read` schema (as JSON text, sorted), minus the write-time
 * columns: two read models holding the same facts give equal snapshots.
 */
export const snapshotEveryTable = (pool: Pool): Promise<Record<string, string[]>> =>
  readModelSnapshot(pool, WRITE_TIME_COLUMNS);
