import {
  formatPosition,
  START_POSITION,
  type EventStore,
  type GlobalPosition,
  type ScoringOverrides,
} from '@campus/contracts';
import {
  boardKeyPattern,
  ConflictError,
  measureSubscriberLag,
  type Logger,
  type PersonalDataVault,
  type Pool,
  type PoolClient,
  type RedisClient,
} from '@campus/infra';
import {
  LIVE_SCHEMA,
  SHADOW_SCHEMA,
  withReadTransaction,
  type ReplayJobProgress,
  type ReplayJobResult,
} from '@campus/read-model';
import { withBoardsSnapshot } from '../../boards/board-lock';
import { rebuildBoards, scanKeys } from '../../boards/rebuild-boards';
import { DEFAULT_RETRY_POLICY } from '../../projector/apply-batch';
import { checkpointStatesIn, markVisible, writeCheckpoints } from '../../projector/checkpoints';
import type { Projection } from '../../projector/projection';
import { projectBatch, type BatchTarget } from '../../projector/project-batch';
import { withReadModelLock } from '../../projector/read-model-lock';
import { minPosition } from '../../projector/run-projections';
import { allProjections } from '../../projections';
import { bulkRebuilds } from '../../projections/bulk-folds';
import { parseBatch } from '../../projector/parse';
import { writeBulk, type PendingBulk } from './bulk-load';
import { replaySetOf } from './replay-plan';
import { applyParsed, partsUpTo, type ParsedBatch } from './replay-pass';

/** The live schema's name while a swap retires it; dropped right after. */
const RETIRED_SCHEMA = 'read_old';
/** Tables of the read model that belong to no projection but to the projector itself. */
const PROJECTOR_TABLES = new Set(['checkpoints', 'dead_letters']);
/** Events the projections that are not folded apply in one transaction during a replay's pass. */
const STEPWISE_EVENTS = 50_000;

/** One replay at a time (CLI or job, on any machine): held for the whole replay. */
const REPLAY_LOCK = 742_103;

/** A replay's progress and result are the replay job's (the read model's job-queue port). */
export type ReplayProgress = ReplayJobProgress;
type ReplayPhase = ReplayProgress['phase'];

type ReplayOptions = {
  readonly store: EventStore;
  readonly pool: Pool;
  readonly vault: PersonalDataVault;
  readonly logger: Logger;
  readonly redis: RedisClient;
  /** The live boards' key prefix; the shadow boards are built under `<prefix>shadow:`. */
  readonly keyPrefix: string;
  /** A projection's name or 'all'. */
  readonly requested: string;
  readonly projections?: readonly Projection[];
  readonly batchSize?: number;
  /** How many events the log holds (for the ETA); the Postgres store's count by default. */
  readonly countEvents?: () => Promise<number | null>;
  readonly onProgress?: (progress: ReplayProgress) => void | Promise<void>;
  /** LAUNCH_DATE, as the live projector uses it. */
  readonly launchDate?: string;
  /** A scoring preview's draft, given to the projections instead of the defaults. */
  readonly scoring?: ScoringOverrides;
  /**
   * A preview instead of a replay: once the shadow is rebuilt, this reads it (one transaction on
   * the shadow; the live schema is `read.`-qualified), then the shadow is discarded, never swapped.
   */
  readonly inspectShadow?: (client: PoolClient) => Promise<void>;
  /** false: every projection applies batch by batch, none is folded in memory (bulkRebuilds). */
  readonly bulk?: boolean;
};

export type ReplayResult = ReplayJobResult;

export const shadowKeyPrefix = (prefix: string) => `${prefix}shadow:`;

/** Events in the Postgres event store (settled ones), or null when it holds none to count. */
const countStoredEvents = async (pool: Pool): Promise<number | null> => {
  const lag = await measureSubscriberLag(pool, START_POSITION, { cap: 2_000_000_000 });
  return lag.eventsBehind;
};

const withReplayLock = async <T>(pool: Pool, work: () => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  let broken = true;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_lock($1) AS locked',
      [REPLAY_LOCK],
    );
    if (!rows[0]?.locked) {
      broken = false;
      throw new ConflictError('A replay is already running');
    }
    try {
      return await work();
    } finally {
      await client
        .query('SELECT pg_advisory_unlock($1)', [REPLAY_LOCK])
        .then(() => {
          broken = false;
        })
        .catch(() => undefined);
    }
  } finally {
    client.release(broken);
  }
};

const tablesOfSchema = async (client: PoolClient, schema: string): Promise<string[]> => {
  const { rows } = await client.query<{ relname: string }>(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
    [schema],
  );
  return rows.map((r) => r.relname);
};

/** Copies the rows of `table` from the live schema into the shadow (same columns, same order). */
const copyTable = async (client: PoolClient, table: string, where = '', params: unknown[] = []) => {
  const name = client.escapeIdentifier(table);
  await client.query(
    `INSERT INTO ${SHADOW_SCHEMA}.${name} OVERRIDING SYSTEM VALUE
     SELECT * FROM ${LIVE_SCHEMA}.${name} ${where}`,
    params,
  );
  const { rows } = await client.query<{ column: string }>(
    `SELECT a.attname AS column FROM pg_attribute a
      WHERE a.attrelid = $1::regclass AND a.attidentity <> '' AND NOT a.attisdropped`,
    [`${SHADOW_SCHEMA}.${name}`],
  );
  for (const { column } of rows) {
    // The identity continues after the copied values.
    await client.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE(max(${client.escapeIdentifier(column)}), 0) + 1, false)
         FROM ${SHADOW_SCHEMA}.${name}`,
      [`${SHADOW_SCHEMA}.${name}`, column],
    );
  }
};

/**
 * A fresh shadow schema cloned from the live one (ops.clone_schema_tables, the one definition of
 * the tables), holding the rows and checkpoints of the projections that are not replayed, copied
 * from one snapshot of the live model so they continue from where they stood together.
 */
const prepareShadow = async (pool: Pool, kept: readonly Projection[]) => {
  await pool.query(`DROP SCHEMA IF EXISTS ${RETIRED_SCHEMA} CASCADE`);
  await pool.query('SELECT ops.clone_schema_tables($1, $2)', [LIVE_SCHEMA, SHADOW_SCHEMA]);
  if (!kept.length) return;
  const names = kept.map((p) => p.name);
  await withReadTransaction(
    pool,
    SHADOW_SCHEMA,
    async (client) => {
      for (const table of new Set(kept.flatMap((p) => p.tables))) await copyTable(client, table);
      for (const table of PROJECTOR_TABLES) {
        await copyTable(client, table, 'WHERE projection = ANY($1::text[])', [names]);
      }
    },
    'BEGIN ISOLATION LEVEL REPEATABLE READ',
  );
};

const discardShadow = async (pool: Pool, redis: RedisClient, shadowPrefix: string) => {
  await pool.query(`DROP SCHEMA IF EXISTS ${SHADOW_SCHEMA} CASCADE`);
  const keys = await scanKeys(redis, boardKeyPattern(shadowPrefix));
  for (let i = 0; i < keys.length; i += 500) await redis.unlink(...keys.slice(i, i + 500));
};

/**
 * Swaps the shadow in, in one transaction: rows of tables no projection owns (report files) are
 * carried over, each checkpoint keeps the live visible position until the boards are renamed, then
 * `read` becomes `read_old` and `read_shadow` becomes `read`.
 */
const swapSchemas = async (pool: Pool, projectionTables: ReadonlySet<string>) => {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const table of await tablesOfSchema(client, LIVE_SCHEMA)) {
      if (!projectionTables.has(table) && !PROJECTOR_TABLES.has(table)) {
        await copyTable(client, table);
      }
    }
    await client.query(
      `UPDATE ${SHADOW_SCHEMA}.checkpoints s SET visible_txn = l.visible_txn, visible_seq = l.visible_seq
         FROM ${LIVE_SCHEMA}.checkpoints l
        WHERE l.projection = s.projection AND (l.visible_txn, l.visible_seq) < (s.txn, s.seq)`,
    );
    await client.query(`ALTER SCHEMA ${LIVE_SCHEMA} RENAME TO ${RETIRED_SCHEMA}`);
    await client.query(`ALTER SCHEMA ${SHADOW_SCHEMA} RENAME TO ${LIVE_SCHEMA}`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
};

/** Renames every shadow board over its live key and drops live boards the shadow does not have, in one MULTI. */
const swapBoards = async (pool: Pool, redis: RedisClient, livePrefix: string): Promise<number> => {
  const shadowPrefix = shadowKeyPrefix(livePrefix);
  // Under the live boards' lock, so an operator's rebuild cannot write between the keys.
  return withBoardsSnapshot(
    pool,
    { mode: 'exclusive', prefix: livePrefix, schema: LIVE_SCHEMA },
    async () => {
      const shadowKeys = await scanKeys(redis, boardKeyPattern(shadowPrefix));
      const liveKeys = await scanKeys(redis, boardKeyPattern(livePrefix));
      const targets = new Set(shadowKeys.map((k) => livePrefix + k.slice(shadowPrefix.length)));
      const multi = redis.multi();
      for (const key of shadowKeys) multi.rename(key, livePrefix + key.slice(shadowPrefix.length));
      for (const key of liveKeys) if (!targets.has(key)) multi.unlink(key);
      const results = await multi.exec();
      for (const [error] of results ?? []) if (error) throw error;
      return targets.size;
    },
  );
};

const dropRetired = async (pool: Pool, logger: Logger) => {
  // Waits for reads still running on the retired tables, but never long: it holds a write transaction.
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query("SET LOCAL lock_timeout = '5s'");
    await client.query(`DROP SCHEMA IF EXISTS ${RETIRED_SCHEMA} CASCADE`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    logger.warn({ err: error }, `${RETIRED_SCHEMA} kept for now; the next replay drops it`);
  } finally {
    client.release();
  }
};

/**
 * Rebuilds the requested projections (and those sharing tables with them) from the first event
 * into the shadow schema and shadow boards, while the live read model keeps serving; then, holding
 * the read-model lock (the live projector pauses between batches), catches the shadow up to the
 * head, swaps the schemas in one transaction and renames the boards. The live projector finds its
 * stored checkpoints moved and restarts from them (ReadModelSwappedError).
 */
export const replayProjections = async (options: ReplayOptions): Promise<ReplayResult> => {
  const { store, pool, vault, logger, redis } = options;
  const all = options.projections ?? allProjections;
  const replayed = replaySetOf(options.requested, all);
  const kept = all.filter((p) => !replayed.includes(p));
  const names = all.map((p) => p.name);
  const shadowPrefix = shadowKeyPrefix(options.keyPrefix);
  const batchSize = options.batchSize ?? 5_000;
  const started = Date.now();

  return withReplayLock(pool, async () => {
    let events = 0;
    let total: number | null = null;
    const progress = { swapped: false };
    const report = async (phase: ReplayPhase) => {
      const seconds = (Date.now() - started) / 1_000;
      const eventsPerSecond = seconds > 0 ? Math.round(events / seconds) : 0;
      await options.onProgress?.({ phase, events, total, eventsPerSecond });
    };

    try {
      await report('preparing');
      // The count is for the ETA alone: it runs beside the preparation and the pass (a count of
      // the whole log takes seconds), and a failed count still fails the replay once awaited.
      const counting = (options.countEvents ?? (() => countStoredEvents(pool)))().then((n) => {
        total = n;
      });
      counting.catch(() => undefined);
      await discardShadow(pool, redis, shadowPrefix);
      await prepareShadow(pool, kept);
      const states = await withReadTransaction(pool, SHADOW_SCHEMA, (client) =>
        checkpointStatesIn(client, names),
      );
      const target: BatchTarget = {
        pool,
        schema: SHADOW_SCHEMA,
        projections: all,
        checkpoints: names.map((n) => states.get(n)?.committed ?? START_POSITION),
        context: {
          vault,
          logger,
          ...(options.launchDate ? { launchDate: options.launchDate } : {}),
          ...(options.scoring ? { scoring: options.scoring } : {}),
        },
        policy: DEFAULT_RETRY_POLICY,
        boards: null,
        markVisible: false,
      };

      /**
       * Applies the log from the shadow's checkpoints up to `head`, batch by batch (short
       * transactions), reading the next page while the current one is applied.
       */
      const replayUpTo = async (
        projector: BatchTarget,
        head: GlobalPosition,
        phase: ReplayPhase,
      ) => {
        const from = minPosition(projector.checkpoints);
        for await (const part of partsUpTo(store, batchSize, from, head)) {
          await projectBatch(projector, part);
          events += part.length;
          await report(phase);
        }
      };

      /**
       * The replay's pass over the log up to `head`: each part of a page is parsed once and folded
       * into `folded` (in memory); the other projections apply the same events in batches of
       * STEPWISE_EVENTS, one batch in flight while the next is folded. Returns the last position.
       */
      const replayFolding = async (
        projector: BatchTarget,
        folded: readonly PendingBulk[],
        head: GlobalPosition,
      ): Promise<GlobalPosition | null> => {
        if (!folded.length) {
          await replayUpTo(projector, head, 'replaying');
          return null;
        }
        let reached: GlobalPosition | null = null;
        let pending: ParsedBatch = { events: [], unparsable: [] };
        let applying: Promise<void> = Promise.resolve();
        const flush = async (last: GlobalPosition) => {
          await applying;
          applying = applyParsed(projector, last, pending);
          // Awaited before the next batch or at the end; meanwhile only kept from going unhandled.
          applying.catch(() => undefined);
          pending = { events: [], unparsable: [] };
        };
        for await (const part of partsUpTo(store, batchSize, START_POSITION, head)) {
          const parsed = parseBatch(part, target.context.logger);
          pending.events.push(...parsed.events);
          pending.unparsable.push(...parsed.unparsable);
          reached = part.at(-1)?.position ?? reached;
          if (reached && pending.events.length >= STEPWISE_EVENTS) await flush(reached);
          for (const event of parsed.events) for (const f of folded) f.fold.fold(event);
          events += part.length;
          await report('replaying');
          // Lets the batch in flight take its next round trip between two folded parts.
          await new Promise(setImmediate);
        }
        if (reached) await flush(reached);
        await applying;
        return reached;
      };

      await report('replaying');
      // Projections computed from the others' rows (badges) are skipped per batch and rebuilt once.
      const deferred = all.filter((p) => p.rebuild && replayed.includes(p));
      // The biggest tables are folded in memory over the whole log and written once (bulkRebuilds).
      const folded: PendingBulk[] = (options.bulk === false ? [] : replayed).flatMap((p) => {
        const rebuild = bulkRebuilds.get(p.name);
        return rebuild && !deferred.includes(p)
          ? [{ name: p.name, fold: rebuild.create(target.context), loads: rebuild.loads }]
          : [];
      });
      const foldedNames = new Set(folded.map((f) => f.name));
      const stepwise = all.flatMap((p, i) =>
        deferred.includes(p) || foldedNames.has(p.name) ? [] : [i],
      );
      const stepwiseTarget: BatchTarget = {
        ...target,
        projections: stepwise.map((i) => all[i] as Projection),
        parallel: true,
        checkpoints: stepwise.map((i) => target.checkpoints[i] ?? START_POSITION),
      };
      const head = await store.headPosition();
      const reachedByFolds = await replayFolding(stepwiseTarget, folded, head);
      await counting;
      for (const [j, i] of stepwise.entries()) {
        target.checkpoints[i] = stepwiseTarget.checkpoints[j] ?? START_POSITION;
      }
      if (reachedByFolds) {
        await Promise.all(folded.map((f) => writeBulk(pool, f, reachedByFolds)));
        for (const f of folded) {
          target.checkpoints[names.indexOf(f.name)] = reachedByFolds;
        }
      }
      // Projections computed from the others' rows (badges) are rebuilt once, beside the boards
      // (which read none of their rows).
      const rebuildDeferred = async () => {
        if (!deferred.length) return;
        const reached = minPosition(
          all.flatMap((p, i) =>
            replayed.includes(p) && !deferred.includes(p)
              ? [target.checkpoints[i] as GlobalPosition]
              : [],
          ),
        );
        await withReadTransaction(pool, SHADOW_SCHEMA, async (client) => {
          for (const projection of deferred) await projection.rebuild?.(client, target.context);
          await writeCheckpoints(
            client,
            deferred.map((p) => p.name),
            reached,
          );
        });
        for (const projection of deferred) target.checkpoints[all.indexOf(projection)] = reached;
      };
      const { inspectShadow } = options;
      if (inspectShadow) {
        await rebuildDeferred();
        await withReadTransaction(pool, SHADOW_SCHEMA, inspectShadow);
        await discardShadow(pool, redis, shadowPrefix);
        await report('done');
        return {
          projections: replayed.map((p) => p.name),
          events,
          position: formatPosition(minPosition(target.checkpoints)),
          boards: 0,
          durationMs: Date.now() - started,
        };
      }
      const rebuilt = await Promise.allSettled([
        rebuildDeferred(),
        (async () => {
          // Fresh statistics, so the swapped-in tables (and the board rebuild below) get good
          // plans even where autovacuum is off or has not run yet; a table per connection.
          const tables = [...new Set(all.flatMap((p) => p.tables))].filter(
            (t) => !deferred.some((p) => p.tables.includes(t)),
          );
          await Promise.all(tables.map((t) => pool.query(`ANALYZE ${SHADOW_SCHEMA}.${t}`)));
          await report('boards');
          await rebuildBoards(pool, redis, shadowPrefix, SHADOW_SCHEMA);
        })(),
      ]);
      for (const result of rebuilt) if (result.status === 'rejected') throw result.reason;
      // The deferred projections' tables, once their rows are there.
      for (const table of new Set(deferred.flatMap((p) => p.tables)))
        await pool.query(`ANALYZE ${SHADOW_SCHEMA}.${table}`);

      const { position, boards } = await withReadModelLock(pool, 'exclusive', async () => {
        await report('catching-up');
        const caughtUp: BatchTarget = {
          ...target,
          boards: { redis, prefix: shadowPrefix, schema: SHADOW_SCHEMA },
        };
        await replayUpTo(caughtUp, await store.headPosition(), 'catching-up');
        const reached = minPosition(target.checkpoints);
        await report('swapping');
        await swapSchemas(pool, new Set(all.flatMap((p) => p.tables)));
        progress.swapped = true;
        const count = await swapBoards(pool, redis, options.keyPrefix).catch((error: unknown) => {
          throw new Error(
            'The replayed read model is swapped in but its boards are not: run the operator ' +
              'command rebuild-boards once Redis answers',
            { cause: error },
          );
        });
        await markVisible(pool, names, reached, LIVE_SCHEMA);
        return { position: reached, boards: count };
      });
      await dropRetired(pool, logger);
      await report('done');
      const result: ReplayResult = {
        projections: replayed.map((p) => p.name),
        events,
        position: formatPosition(position),
        boards,
        durationMs: Date.now() - started,
      };
      logger.info(result, 'replay swapped in');
      return result;
    } catch (error) {
      if (!progress.swapped) {
        await discardShadow(pool, redis, shadowPrefix).catch((cleanup: unknown) =>
          logger.warn({ err: cleanup }, 'could not discard the shadow read model'),
        );
      }
      throw error;
    }
  });
};
