import {
  maxPosition,
  START_POSITION,
  type GlobalPosition,
  type RecordedEvent,
} from '@campus/contracts';
import type { Pool } from '@campus/infra';
import { LIVE_SCHEMA, type ReadSchema } from '@campus/read-model';
import { collectBoardTouches, isEmptyTouches, type BoardTouches } from '../boards/board-touches';
import type { BoardsDebt } from '../boards/boards-debt';
import { refreshBoards, type BoardsTarget } from '../boards/refresh-boards';
import { applyBatch, type RetryPolicy } from './apply-batch';
import { markVisible } from './checkpoints';
import { independentGroups } from './independent-groups';
import { parseBatch, type UnparsableEvent } from './parse';
import type { ProjectedEvent, Projection, ProjectionContext } from './projection';
import { READ_MODEL_LOCK_IN_TRANSACTION, withReadModelLock } from './read-model-lock';

/** One read model being written: the live one by the projector, a shadow by a replay. */
export type BatchTarget = {
  readonly pool: Pool;
  readonly schema: ReadSchema;
  readonly projections: readonly Projection[];
  /** Each projection's committed position, advanced in place as batches commit. */
  readonly checkpoints: GlobalPosition[];
  readonly context: ProjectionContext;
  readonly policy: RetryPolicy;
  /** Boards refreshed after each commit; null: rows only (a replay builds its boards at once). */
  readonly boards: BoardsTarget | null;
  /**
   * The live projector's boards, written through this: while Redis cannot take them they are
   * owed (rebuilt once it answers) and the batch becomes visible all the same. Without it (a
   * replay's shadow) a Redis failure fails the batch.
   */
  readonly boardsDebt?: BoardsDebt | null;
  /** Whether the visible checkpoint follows each batch (read-your-writes waits on it). */
  readonly markVisible: boolean;
  /**
   * Whether projections that share no table apply the batch in transactions of their own, side by
   * side (each still commits its rows with its checkpoint). For a replay's shadow, which nobody
   * reads until it is swapped in; the live read model keeps one transaction per batch.
   */
  readonly parallel?: boolean;
  /**
   * The live projector: each batch cycle holds the read-model lock shared, so that a replay's swap
   * never lands in the middle of one. A batch that writes no board is one transaction and takes
   * the lock with its BEGIN; one that writes boards holds it on a connection of its own until it
   * is visible. A swap between batches is caught by the checkpoints' compare-and-set, which then
   * finds other checkpoints than the ones held (ReadModelSwappedError).
   */
  readonly readModelLock?: boolean;
};

/**
 * Projects one batch of stored events: rows and checkpoints in one transaction (poison events
 * dead-lettered), then the boards it touched, then the visible checkpoint. A live batch that
 * touches no board becomes visible in its own transaction, one round trip less before a read
 * waiting for it may go on. With a boards debt, a Redis that is away or too slow never holds the
 * visible checkpoint back: the boards are owed instead. Returns its last position.
 */
export const projectBatch = async (
  target: BatchTarget,
  batch: readonly RecordedEvent[],
): Promise<GlobalPosition | null> => {
  const last = batch.at(-1)?.position;
  if (!last) return null;
  const { events, unparsable } = parseBatch(batch, target.context.logger);
  const parsed = { events, unparsable, last };
  const groups = target.parallel
    ? independentGroups(target.projections)
    : [target.projections.map((_, i) => i)];
  const touches = target.boards ? collectBoardTouches(events) : null;
  const visibleOnCommit =
    target.markVisible &&
    target.schema === LIVE_SCHEMA &&
    groups.length === 1 &&
    (!touches || isEmptyTouches(touches));
  if (!target.readModelLock) await cycle(target, parsed, groups, touches, visibleOnCommit, 'BEGIN');
  else if (visibleOnCommit)
    await cycle(target, parsed, groups, touches, true, `BEGIN; ${READ_MODEL_LOCK_IN_TRANSACTION}`);
  else
    await withReadModelLock(
      target.pool,
      'shared',
      () => cycle(target, parsed, groups, touches, false, 'BEGIN'),
      // Shared holders never conflict: the next batch need not wait for the unlock.
      { unlockInBackground: true },
    );
  return last;
};

type ParsedBatch = {
  readonly events: ProjectedEvent[];
  readonly unparsable: UnparsableEvent[];
  readonly last: GlobalPosition;
};

/** Rows and checkpoints (visible with them when `visibleOnCommit`), then boards, then visible. */
const cycle = async (
  target: BatchTarget,
  { events, unparsable, last }: ParsedBatch,
  groups: readonly number[][],
  touches: BoardTouches | null,
  visibleOnCommit: boolean,
  begin: string,
) => {
  const { pool, schema, projections, checkpoints, context } = target;
  await Promise.all(
    groups.map((group, g) =>
      applyBatch(
        {
          pool,
          schema,
          projections: group.map((i) => projections[i] as Projection),
          checkpoints: group.map((i) => checkpoints[i] ?? START_POSITION),
          context,
          policy: target.policy,
          begin,
        },
        // Events no schema accepts are dead-lettered once, by the first group.
        { events, unparsable: g === 0 ? unparsable : [], last, visibleOnCommit },
      ),
    ),
  );
  for (const [i, checkpoint] of checkpoints.entries())
    checkpoints[i] = maxPosition(checkpoint, last);
  if (visibleOnCommit) return;
  if (target.boards && touches) {
    if (target.boardsDebt) await target.boardsDebt.refresh(touches, last);
    else await refreshBoards(pool, target.boards, touches);
  }
  if (target.markVisible) {
    await markVisible(
      pool,
      projections.map((p) => p.name),
      last,
      schema,
    );
  }
};
