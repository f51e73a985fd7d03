import pg from 'pg';
import { comparePositions, type GlobalPosition } from '@campus/contracts';
import type { Logger, Pool } from '@campus/infra';

const VISIBLE_CHANNEL = 'read_visible';
/** How often waiting reads poll while the LISTEN connection is down. */
const POLL_MS = 25;
/** How often they poll while it is up: only a safety net for a connection that died silently. */
const SAFETY_POLL_MS = 250;
/** Pause before listening again after the LISTEN connection was lost. */
const RELISTEN_MS = 500;

type Waiter = { target: GlobalPosition; resolve: (fresh: boolean) => void; timer: NodeJS.Timeout };

/**
 * A move of the visible position: forward over the events after the previous one, or backward
 * (a rebuild started over, a restore): what was told since `to` may no longer hold.
 */
export type MoveListener = (to: GlobalPosition, forward: boolean) => void;

/** Whether an event type can change what a watcher depends on. */
export type AffectedBy = (eventType: string) => boolean;

/**
 * The visible position with, in the same statement, the types of the events it moved over since the
 * last read (`$1`, `$2`: that position; null types when unknown). Positions are
 * (transaction id, global position) pairs of es.events, the order its readers hand events out in.
 */
const READ_WITH_TYPES = `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS horizon,
        c.visible_txn::text AS txn, c.visible_seq::text AS seq,
        CASE WHEN $1::text IS NULL OR c.visible_txn IS NULL THEN NULL ELSE ARRAY(
          SELECT DISTINCT e.event_type FROM es.events e
           WHERE (e.transaction_id, e.global_position) > ($1::text::xid8, $2::bigint)
             AND (e.transaction_id, e.global_position)
                 <= (c.visible_txn::text::xid8, c.visible_seq::bigint)) END AS types
   FROM (SELECT 1) AS one
   LEFT JOIN LATERAL (SELECT visible_txn, visible_seq FROM read.checkpoints
                       ORDER BY visible_txn, visible_seq LIMIT 1) AS c ON true`;

/**
 * Tracks the read model's visible position (the slowest projection's, once its Postgres rows and
 * Redis boards are both written; the rows alone while Redis is away, see docs/operations.md) and lets reads wait for a consistency token. The projector
 * notifies after each batch it marks visible; each notification reads the position once, however
 * many reads wait, so a waiting read costs no statement of its own while LISTEN is up. Polling is
 * the source of truth while it is down (and, slowly, a safety net while it is up).
 */
export const createVisiblePositionTracker = (options: {
  pool: Pool;
  databaseUrl: string;
  logger: Logger;
  /**
   * Positions are this Postgres server's transaction ids (the Postgres event store): a target no
   * transaction has reached yet is answered at once. Off for EventStoreDB, whose positions are not.
   */
  positionsAreTransactionIds?: boolean;
}) => {
  const { pool, logger } = options;
  let visible: GlobalPosition | null = null;
  /**
   * The server's next transaction id as last read: no event of this database can have a position
   * at or above it yet. A token naming one comes from another history (a tab kept open across a
   * restore into a cluster whose counter is lower, docs/operations.md) and can never be reached.
   */
  let horizon = 0n;
  const waiters = new Set<Waiter>();
  /** Counters of `watch`: each moves when the position moves over an event that may affect it. */
  const watches = new Set<{ affectedBy: AffectedBy; generation: number }>();
  /** Told of each move, once the position is published (the live streams). */
  const moveListeners = new Set<MoveListener>();
  let listener: pg.Client | null = null;
  let poller: NodeJS.Timeout | null = null;
  let pollEvery = 0;
  let closed = false;

  const settle = (waiter: Waiter, fresh: boolean) => {
    clearTimeout(waiter.timer);
    waiters.delete(waiter);
    waiter.resolve(fresh);
  };

  const raiseHorizon = (next: bigint) => {
    if (next > horizon) horizon = next;
  };
  /** Read now, after the caller's request arrived: an earlier read may predate its append. */
  const readHorizon = async () => {
    const { rows } = await pool.query<{ horizon: string }>(
      'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS horizon',
    );
    if (rows[0]) raiseHorizon(BigInt(rows[0].horizon));
  };

  const stopPolling = () => {
    if (poller) clearInterval(poller);
    poller = null;
  };

  /** Moves every watch some of `types` may affect (all of them when the types are unknown). */
  const moveWatches = (types: readonly string[] | null) => {
    for (const watch of watches) {
      if (types === null || types.some(watch.affectedBy)) watch.generation++;
    }
  };

  const read = async () => {
    const before = visible;
    // Only the Postgres event store's positions name rows of es.events.
    const withTypes = options.positionsAreTransactionIds === true && before !== null;
    const { rows } = await pool.query<{
      horizon: string;
      txn: string | null;
      seq: string | null;
      types: string[] | null;
    }>(
      withTypes
        ? {
            name: 'visible-position-and-types',
            text: READ_WITH_TYPES,
            values: [String(before.txn), String(before.seq)],
          }
        : {
            text: `SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS horizon,
              c.visible_txn::text AS txn, c.visible_seq::text AS seq, NULL::text[] AS types
         FROM (SELECT 1) AS one
         LEFT JOIN LATERAL (SELECT visible_txn, visible_seq FROM read.checkpoints
                             ORDER BY visible_txn, visible_seq LIMIT 1) AS c ON true`,
          },
    );
    const row = rows[0];
    if (row) raiseHorizon(BigInt(row.horizon));
    if (row?.txn != null && row.seq != null) {
      const next = { txn: BigInt(row.txn), seq: BigInt(row.seq) };
      const order = before ? comparePositions(next, before) : 1;
      // Types are known only for a move forward from a known position; otherwise all watches move.
      if (order !== 0) moveWatches(order > 0 ? row.types : null);
      visible = next;
      if (order !== 0) for (const listener of moveListeners) listener(next, order > 0);
    }
    for (const waiter of waiters) {
      if (visible && comparePositions(visible, waiter.target) >= 0) settle(waiter, true);
    }
    if (!waiters.size) stopPolling();
  };

  // One read at a time: a notification during a read asks for one more read after it, since the
  // read in flight may have started before that batch committed.
  let reading: Promise<void> | null = null;
  let asked = 0;
  const refresh = (): Promise<void> => {
    asked++;
    const run = async () => {
      try {
        for (let done = 0; done !== asked;) {
          done = asked;
          await read();
        }
      } finally {
        reading = null;
      }
    };
    reading ??= run();
    return reading;
  };

  const poll = () => {
    const every = listener ? SAFETY_POLL_MS : POLL_MS;
    if (poller && pollEvery === every) return;
    stopPolling();
    pollEvery = every;
    poller = setInterval(() => void refresh().catch(() => undefined), every);
  };

  const listen = async () => {
    if (closed) return;
    // Keepalive: a connection that died without a word (the live streams follow this one) ends.
    const client = new pg.Client({ connectionString: options.databaseUrl, keepAlive: true });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (listener === client) listener = null;
      if (waiters.size) poll();
      if (!closed) setTimeout(() => void listen().catch(() => undefined), RELISTEN_MS);
    });
    client.on('notification', () => void refresh().catch(() => undefined));
    await client.connect();
    await client.query(`LISTEN ${VISIBLE_CHANNEL}`);
    listener = client;
    if (waiters.size) poll();
    // Batches marked visible while nobody listened were not notified: read the position now.
    await refresh();
  };

  return {
    async start() {
      await listen().catch((error: unknown) =>
        logger.warn({ err: error }, 'LISTEN failed; polling only'),
      );
      await refresh();
    },
    current: () => visible,
    /**
     * A counter that moves whenever the visible position moves over an event `affectedBy` accepts
     * (or over events of unknown types), read with the position in one statement, before the
     * position itself is published: an answer kept under a counter's value is never used after a
     * change it depends on became visible, while events it does not depend on leave it in place.
     */
    watch(affectedBy: AffectedBy): () => number {
      const watch = { affectedBy, generation: 0 };
      watches.add(watch);
      return () => watch.generation;
    },
    /** Calls `listener` with each new position once it is published; gives its undo. */
    onMove(listener: MoveListener): () => void {
      moveListeners.add(listener);
      return () => moveListeners.delete(listener);
    },
    /**
     * Resolves true once the read model has passed `target`, false after `timeoutMs`, or false at
     * once for a target no transaction of this server has reached (a token of another history).
     */
    async waitFor(target: GlobalPosition, timeoutMs: number): Promise<boolean> {
      if (visible && comparePositions(visible, target) >= 0) return true;
      if (!listener) {
        await refresh();
        if (visible && comparePositions(visible, target) >= 0) return true;
      }
      if (options.positionsAreTransactionIds && target.txn >= horizon) {
        await readHorizon();
        if (target.txn >= horizon) return false;
      }
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          target,
          resolve,
          timer: setTimeout(() => settle(waiter, false), timeoutMs),
        };
        waiters.add(waiter);
        poll();
      });
    },
    async close() {
      closed = true;
      stopPolling();
      for (const waiter of waiters) settle(waiter, false);
      await listener?.end().catch(() => undefined);
    },
  };
};
export type VisiblePositionTracker = ReturnType<typeof createVisiblePositionTracker>;
