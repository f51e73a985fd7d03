import type { GlobalPosition } from '@campus/contracts';
import type { Pool } from '../../db/pool';

export type SubscriberLag = {
  /** Settled events after the subscriber's position (counted up to the cap). */
  readonly eventsBehind: number;
  /** Age of the oldest of those events; 0 when caught up. */
  readonly secondsBehind: number;
  /**
   * Committed events no subscriber may read yet because an older transaction (in any database of
   * the server) is still open: a high count that does not drain points at a long transaction.
   */
  readonly unsettledEvents: number;
};

const LAG_SQL = `WITH horizon AS MATERIALIZED (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin)
SELECT
  (SELECT count(*) FROM (SELECT 1 FROM es.events, horizon
     WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) AND transaction_id < horizon.xmin
     LIMIT $3) behind)::int AS events_behind,
  (SELECT extract(epoch FROM now() - recorded_at) FROM es.events, horizon
     WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint) AND transaction_id < horizon.xmin
     ORDER BY transaction_id, global_position LIMIT 1)::float8 AS seconds_behind,
  (SELECT count(*) FROM (SELECT 1 FROM es.events, horizon
     WHERE transaction_id >= horizon.xmin LIMIT $3) unsettled)::int AS unsettled_events`;

/** How far a subscriber whose last delivered event is at `position` trails the store. */
export const measureSubscriberLag = async (
  pool: Pool,
  position: GlobalPosition,
  options: { readonly cap?: number } = {},
): Promise<SubscriberLag> => {
  const { rows } = await pool.query<{
    events_behind: number;
    seconds_behind: number | null;
    unsettled_events: number;
  }>(LAG_SQL, [position.txn.toString(), position.seq.toString(), options.cap ?? 100_000]);
  const row = rows[0];
  return {
    eventsBehind: row?.events_behind ?? 0,
    secondsBehind: Math.max(0, row?.seconds_behind ?? 0),
    unsettledEvents: row?.unsettled_events ?? 0,
  };
};
