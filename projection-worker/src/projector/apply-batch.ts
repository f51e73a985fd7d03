import { comparePositions, type GlobalPosition } from '@campus/contracts';
import type { Pool, PoolClient } from '@campus/infra';
import { withReadTransaction, type ReadSchema } from '@campus/read-model';
import { ReadModelSwappedError, writeCheckpoints } from './checkpoints';
import { PARSE_STAGE, recordDeadLetter } from './dead-letters';
import type { UnparsableEvent } from './parse';
import type { ProjectedEvent, Projection, ProjectionContext } from './projection';
import { isTransientFailure } from './transient-errors';

export type RetryPolicy = {
  /** Whole-batch transactions tried before the batch is taken apart event by event. */
  readonly batchAttempts: number;
  /** Tries of one event (in a savepoint) before it is dead-lettered for that projection. */
  readonly eventAttempts: number;
  /** Pause before the next whole-batch attempt, doubled each time. */
  readonly retryDelayMs: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  batchAttempts: 2,
  eventAttempts: 3,
  retryDelayMs: 50,
};

type BatchToApply = {
  readonly events: readonly ProjectedEvent[];
  readonly unparsable: readonly UnparsableEvent[];
  readonly last: GlobalPosition;
  /** Whether the batch becomes visible as it commits (a live batch that writes no board). */
  readonly visibleOnCommit?: boolean;
};

type Applier = {
  readonly pool: Pool;
  /** Where the rows go: the live read model or a replay's shadow. */
  readonly schema: ReadSchema;
  readonly projections: readonly Projection[];
  /**
   * Each projection's committed checkpoint; events at or before it are not applied again, and the
   * batch commits only if it is still the stored one (writeCheckpoints' compare-and-set).
   */
  readonly checkpoints: readonly GlobalPosition[];
  readonly context: ProjectionContext;
  readonly policy: RetryPolicy;
  /** What opens each transaction (with the read-model lock, for a live batch); 'BEGIN' without. */
  readonly begin?: string;
};

const freshFor = (events: readonly ProjectedEvent[], since: GlobalPosition | undefined) =>
  since ? events.filter((e) => comparePositions(e.recorded.position, since) > 0) : events;

const recordUnparsable = async (client: PoolClient, batch: BatchToApply) => {
  for (const { recorded, error } of batch.unparsable) {
    await recordDeadLetter(client, { projection: PARSE_STAGE, recorded, error, attempts: 1 });
  }
};

/** What was thrown, as an Error (a non-Error becomes the cause of one). */
const asError = (thrown: unknown): Error =>
  thrown instanceof Error ? thrown : new Error('projection failed', { cause: thrown });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` in a savepoint: rolled back to it (and rethrown) when it fails. */
const inSavepoint = async (client: PoolClient, work: () => Promise<void>) => {
  await client.query('SAVEPOINT projection_step');
  try {
    await work();
    await client.query('RELEASE SAVEPOINT projection_step');
  } catch (error) {
    // If even this fails the connection is gone: the error ends the whole transaction.
    await client.query('ROLLBACK TO SAVEPOINT projection_step');
    throw error;
  }
};

/** One transaction on the applier's schema, opened as the applier says (with the read-model lock). */
const inTransaction = (applier: Applier, work: (client: PoolClient) => Promise<void>) =>
  withReadTransaction(applier.pool, applier.schema, work, applier.begin ?? 'BEGIN');

/** The fast path: every projection's whole batch and the checkpoints in one transaction. */
const applyWhole = async (applier: Applier, batch: BatchToApply, names: readonly string[]) => {
  const work = async (client: PoolClient) => {
    for (const [i, projection] of applier.projections.entries()) {
      const fresh = freshFor(batch.events, applier.checkpoints[i]);
      if (fresh.length) await projection.apply(client, fresh, applier.context);
    }
    await recordUnparsable(client, batch);
    await writeCheckpoints(client, names, batch.last, applier.checkpoints, {
      visible: batch.visibleOnCommit === true,
    });
  };
  await inTransaction(applier, work);
};

/**
 * The slow path, after the batch kept failing: one transaction in which each projection first
 * tries its whole batch in a savepoint and, if that fails, applies its events one at a time, each
 * tried `eventAttempts` times in its own savepoint. An event that still fails is recorded in
 * read.dead_letters for that projection and skipped; the others and the checkpoints commit.
 * A failure outside a savepoint (the database is gone) fails the transaction: nothing is recorded.
 */
const applyIsolated = async (applier: Applier, batch: BatchToApply, names: readonly string[]) => {
  const { logger } = applier.context;
  let deadLettered = 0;
  const work = async (client: PoolClient) => {
    for (const [i, projection] of applier.projections.entries()) {
      const fresh = freshFor(batch.events, applier.checkpoints[i]);
      if (!fresh.length) continue;
      try {
        await inSavepoint(client, () => projection.apply(client, fresh, applier.context));
        continue;
      } catch (error) {
        logger.warn(
          { err: error, projection: projection.name, events: fresh.length },
          'batch failed in isolation; applying its events one by one',
        );
      }
      for (const event of fresh) {
        let lastError: unknown = null;
        let attempts = 0;
        while (attempts < applier.policy.eventAttempts) {
          attempts++;
          try {
            await inSavepoint(client, () => projection.apply(client, [event], applier.context));
            lastError = null;
            break;
          } catch (error) {
            lastError = error;
          }
        }
        if (lastError === null) continue;
        // Passing trouble (a deadlock, a lost connection) says nothing about the event: the whole
        // transaction is given up and the batch tried again later, nothing dead-lettered.
        if (isTransientFailure(lastError)) throw asError(lastError);
        deadLettered++;
        logger.error(
          {
            err: lastError,
            projection: projection.name,
            eventId: event.recorded.eventId,
            type: event.recorded.type,
            attempts,
          },
          'event dead-lettered: skipped by this projection',
        );
        await recordDeadLetter(client, {
          projection: projection.name,
          recorded: event.recorded,
          error: lastError,
          attempts,
        });
      }
    }
    await recordUnparsable(client, batch);
    await writeCheckpoints(client, names, batch.last, applier.checkpoints, {
      visible: batch.visibleOnCommit === true,
    });
  };
  await inTransaction(applier, work);
  return deadLettered;
};

/**
 * Applies one batch to every projection with its checkpoints, committed together, and only if the
 * stored checkpoints are still `checkpoints` (else CheckpointMovedError, nothing written, no
 * retry). A failing batch is retried whole (`batchAttempts`), then taken apart so that a poison
 * event is dead-lettered and skipped instead of stalling the projector. A transient failure
 * (deadlock, serialization failure, lost connection: `isTransientFailure`) is never a reason to
 * dead-letter: when the last whole attempt failed that way, or an event's did, this throws, and
 * the projector tries the batch again from its checkpoint after a growing pause. Throws too when
 * the database fails.
 */
export const applyBatch = async (applier: Applier, batch: BatchToApply): Promise<void> => {
  const names = applier.projections.map((p) => p.name);
  const { logger } = applier.context;
  let delay = applier.policy.retryDelayMs;
  let lastError: unknown = null;
  for (let attempt = 1; attempt <= applier.policy.batchAttempts; attempt++) {
    try {
      await applyWhole(applier, batch, names);
      return;
    } catch (error) {
      // Another projector (or a replay's swap) moved the checkpoints: retrying cannot help.
      if (error instanceof ReadModelSwappedError) throw error;
      lastError = error;
      logger.warn({ err: error, attempt, events: batch.events.length }, 'batch failed');
      await sleep(delay);
      delay *= 2;
    }
  }
  if (isTransientFailure(lastError)) throw asError(lastError);
  const deadLettered = await applyIsolated(applier, batch, names);
  if (!deadLettered) logger.info('batch applied on retry without dead letters');
};
