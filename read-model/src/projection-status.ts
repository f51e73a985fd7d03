import { formatPosition, type GlobalPosition, type ProjectionsStatus } from '@campus/contracts';
import { measureSubscriberLag, type Pool, type SubscriberLag } from '@campus/infra';
import { LIVE_SCHEMA, withReadTransaction } from './read-schema';

/** Lag is counted up to this many events: past it the number only says "far behind". */
const LAG_COUNT_CAP = 100_000;

type Row = {
  projection: string;
  txn: string;
  seq: string;
  vtxn: string;
  vseq: string;
  updated_at: Date | null;
  dead: number;
};

/**
 * Each projection's checkpoint, its lag behind the event log (settled events after it and the age
 * of the oldest of them) and its dead letters. Postgres event store only: the lag is counted in
 * its `es.events` table. Feeds the worker's /metrics and the admin operations page.
 */
export const readProjectionStatus = async (
  pool: Pool,
  names: readonly string[],
): Promise<ProjectionsStatus> => {
  const { rows } = await withReadTransaction(pool, LIVE_SCHEMA, (client) =>
    client.query<Row>(
      `SELECT n.projection, COALESCE(c.txn, 0)::text AS txn, COALESCE(c.seq, 0)::text AS seq,
              COALESCE(c.visible_txn, 0)::text AS vtxn, COALESCE(c.visible_seq, 0)::text AS vseq,
              c.updated_at,
              (SELECT count(*)::int FROM dead_letters d WHERE d.projection = n.projection) AS dead
         FROM unnest($1::text[]) WITH ORDINALITY AS n(projection, ord)
         LEFT JOIN checkpoints c ON c.projection = n.projection
        ORDER BY n.ord`,
      [names],
    ),
  );
  // Projections usually share one position: measure each distinct one once.
  const lags = new Map<string, SubscriberLag>();
  const lagAt = async (position: GlobalPosition) => {
    const key = formatPosition(position);
    let lag = lags.get(key);
    if (!lag)
      lags.set(key, (lag = await measureSubscriberLag(pool, position, { cap: LAG_COUNT_CAP })));
    return lag;
  };
  const projections = [];
  let unsettled = 0;
  for (const r of rows) {
    const committed = { txn: BigInt(r.txn), seq: BigInt(r.seq) };
    const visible = { txn: BigInt(r.vtxn), seq: BigInt(r.vseq) };
    const lag = await lagAt(committed);
    unsettled = lag.unsettledEvents;
    projections.push({
      name: r.projection,
      position: formatPosition(committed),
      visible_position: formatPosition(visible),
      updated_at: r.updated_at?.toISOString() ?? null,
      lag_events: lag.eventsBehind,
      lag_seconds: Math.round(lag.secondsBehind * 1000) / 1000,
      dead_letters: r.dead,
    });
  }
  return { projections, unsettled_events: unsettled };
};
