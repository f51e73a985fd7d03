import pg from 'pg';
import { comparePositions, type GlobalPosition } from '@campus/contracts';
import type { Logger, Pool } from '@campus/infra';

const VISIBLE_CHANNEL = 'read_visible';
const POLL_MS = 25;

type Waiter = { target: GlobalPosition; resolve: (fresh: boolean) => void; timer: NodeJS.Timeout };

/**
 * Tracks the read model's visible position (the slowest projection's, once its Postgres rows and
 * Redis boards are both written) and lets reads wait for a consistency token. Woken by NOTIFY,
 * with polling as the source of truth while anyone waits.
 */
export const createVisiblePositionTracker = (options: {
  pool: Pool;
  databaseUrl: string;
  logger: Logger;
}) => {
  const { pool, logger } = options;
  let visible: GlobalPosition | null = null;
  const waiters = new Set<Waiter>();
  let listener: pg.Client | null = null;
  let poller: NodeJS.Timeout | null = null;
  let closed = false;

  const refresh = async () => {
    const { rows } = await pool.query<{ txn: string; seq: string }>(
      `SELECT visible_txn AS txn, visible_seq AS seq FROM read.checkpoints
        ORDER BY visible_txn, visible_seq LIMIT 1`,
    );
    const row = rows[0];
    if (row) visible = { txn: BigInt(row.txn), seq: BigInt(row.seq) };
    for (const waiter of waiters) {
      if (visible && comparePositions(visible, waiter.target) >= 0) settle(waiter, true);
    }
    if (!waiters.size && poller) {
      clearInterval(poller);
      poller = null;
    }
  };

  const settle = (waiter: Waiter, fresh: boolean) => {
    clearTimeout(waiter.timer);
    waiters.delete(waiter);
    waiter.resolve(fresh);
  };

  const listen = async () => {
    if (closed) return;
    const client = new pg.Client({ connectionString: options.databaseUrl });
    client.on('error', () => undefined);
    client.on('end', () => {
      listener = null;
      if (!closed) setTimeout(() => void listen().catch(() => undefined), 500);
    });
    client.on('notification', () => void refresh().catch(() => undefined));
    await client.connect();
    await client.query(`LISTEN ${VISIBLE_CHANNEL}`);
    listener = client;
  };

  return {
    async start() {
      await listen().catch((error: unknown) =>
        logger.warn({ err: error }, 'LISTEN failed; polling only'),
      );
      await refresh();
    },
    current: () => visible,
    /** Resolves true once the read model has passed `target`, false after `timeoutMs`. */
    async waitFor(target: GlobalPosition, timeoutMs: number): Promise<boolean> {
      if (visible && comparePositions(visible, target) >= 0) return true;
      await refresh();
      if (visible && comparePositions(visible, target) >= 0) return true;
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          target,
          resolve,
          timer: setTimeout(() => settle(waiter, false), timeoutMs),
        };
        waiters.add(waiter);
        poller ??= setInterval(() => void refresh().catch(() => undefined), POLL_MS);
      });
    },
    async close() {
      closed = true;
      if (poller) clearInterval(poller);
      for (const waiter of waiters) settle(waiter, false);
      await listener?.end().catch(() => undefined);
    },
  };
};
export type VisiblePositionTracker = ReturnType<typeof createVisiblePositionTracker>;
