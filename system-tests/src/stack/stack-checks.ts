import { comparePositions, type EventStore } from '@campus/contracts';
import type { Logger, PersonalDataVault, Pool, RedisClient } from '@campus/infra';
import {
  boardsUnder,
  readModelSnapshot,
  takeBoardsUnder,
  WRITE_TIME_COLUMNS,
  type ColumnsLeftOut,
} from '@campus/infra/testing';
import {
  allProjections,
  boardsMarkerKey,
  rebuildBoards,
  replayProjections,
} from '@campus/projection-worker';

/**
 * What the fault and system tests check a stack's store, read model and boards with, whichever
 * way the stack runs its services (fault-stack.ts in this process, system-stack.ts as processes).
 */

/** Where the boards Postgres says there should be are rebuilt, read and dropped. */
const VERIFY_PREFIX = 'verify:';

/**
 * What says when or in which attempt a read-model row was written rather than what it holds:
 * write times, and the ledger's generated id (a batch rolled back by a kill, or a crashed server,
 * leaves gaps in identity values; a line is known by its cause event, user and reason).
 */
const ATTEMPT_COLUMNS: ColumnsLeftOut = { ...WRITE_TIME_COLUMNS, point_ledger: ['id'] };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Boards as one comparable text, whatever order their keys were found in. */
const canonical = (boards: Record<string, string[]>) =>
  JSON.stringify(Object.entries(boards).sort(([a], [b]) => a.localeCompare(b)));

export const createStackChecks = (deps: {
  readonly pool: Pool;
  readonly store: EventStore;
  readonly vault: PersonalDataVault;
  readonly logger: Logger;
  readonly redis: RedisClient;
  /** The services' REDIS_PREFIX. */
  readonly boardPrefix: string;
}) => {
  const { pool, store, redis, boardPrefix } = deps;

  /** Each projection's committed and visible checkpoint. */
  const checkpoints = async () => {
    const { rows } = await pool.query<{
      projection: string;
      txn: string;
      seq: string;
      vtxn: string;
      vseq: string;
    }>(
      `SELECT projection, txn::text, seq::text, visible_txn::text AS vtxn, visible_seq::text AS vseq
         FROM read.checkpoints`,
    );
    return rows.map((r) => ({
      projection: r.projection,
      committed: { txn: BigInt(r.txn), seq: BigInt(r.seq) },
      visible: { txn: BigInt(r.vtxn), seq: BigInt(r.vseq) },
    }));
  };

  /** Waits until every projection's visible checkpoint has reached the store's head. */
  const waitCaughtUp = async (timeoutMs = 90_000) => {
    const head = await store.headPosition();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await checkpoints().catch(() => []);
      if (
        rows.length === allProjections.length &&
        rows.every((r) => comparePositions(r.visible, head) >= 0)
      )
        return head;
      if (Date.now() > deadline) throw new Error('the read model did not catch up in time');
      await sleep(100);
    }
  };

  const liveBoards = () => boardsUnder(redis, boardPrefix);
  /** The boards as Postgres says they should be: rebuilt under a scratch prefix, then dropped. */
  const boardsFromPostgres = async () => {
    await rebuildBoards(pool, redis, VERIFY_PREFIX);
    return takeBoardsUnder(redis, VERIFY_PREFIX);
  };

  /**
   * After Redis came back empty: waits (within `timeoutMs`) for the leader's boards check to mark
   * the boards rebuilt, then for the live boards to equal Postgres's. Times out quietly: the
   * caller compares the boards itself.
   */
  const waitBoardsRebuilt = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await redis.exists(boardsMarkerKey(boardPrefix))) && Date.now() < deadline)
      await sleep(100);
    let equal = false;
    while (!equal && Date.now() < deadline) {
      equal = canonical(await liveBoards()) === canonical(await boardsFromPostgres());
      if (!equal) await sleep(250);
    }
  };

  /** Every row of every table of the read schema, sorted, minus ATTEMPT_COLUMNS. */
  const readModelRows = () => readModelSnapshot(pool, ATTEMPT_COLUMNS);

  /** Rebuilds the whole read model from the first event, in this process (shadow schema, swap). */
  const replayAll = () =>
    replayProjections({
      store,
      pool,
      vault: deps.vault,
      logger: deps.logger,
      redis,
      keyPrefix: boardPrefix,
      requested: 'all',
      batchSize: 200,
    });

  /** Every correlation id the event store holds (each command's events carry the request's). */
  const storedCorrelationIds = async () => {
    const { rows } = await pool.query<{ id: string }>(
      "SELECT DISTINCT metadata->>'correlationId' AS id FROM es.events",
    );
    return new Set(rows.map((r) => r.id));
  };

  return {
    checkpoints,
    waitCaughtUp,
    liveBoards,
    boardsFromPostgres,
    waitBoardsRebuilt,
    readModelRows,
    replayAll,
    storedCorrelationIds,
  };
};
