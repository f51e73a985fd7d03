import {
  maxPosition,
  START_POSITION,
  type GlobalPosition,
  type RecordedEvent,
} from '@campus/contracts';
import type { Pool } from '@campus/infra';
import { LIVE_SCHEMA, type ReadSchema } from '@campus/read-model';
import { collectBoardTouches, isEmptyTouches } from '../boards/board-touches';
import type { BoardsDebt } from '../boards/boards-debt';
import { refreshBoards, type BoardsTarget } from '../boards/refresh-boards';
import { applyBatch, type RetryPolicy } from './apply-batch';
import { markVisible } from './checkpoints';
import { independentGroups } from './independent-groups';
import { parseBatch } from './parse';
import type { Projection, ProjectionContext } from './projection';

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
  const { pool, schema, projections, checkpoints, context } = target;
  const { events, unparsable } = parseBatch(batch, context.logger);
  const groups = target.parallel ? independentGroups(projections) : [projections.map((_, i) => i)];
  const touches = target.boards ? collectBoardTouches(events) : null;
  const visibleOnCommit =
    target.markVisible &&
    schema === LIVE_SCHEMA &&
    groups.length === 1 &&
    (!touches || isEmptyTouches(touches));
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
        },
        // Events no schema accepts are dead-lettered once, by the first group.
        { events, unparsable: g === 0 ? unparsable : [], last, visibleOnCommit },
      ),
    ),
  );
  for (const [i, checkpoint] of checkpoints.entries())
    checkpoints[i] = maxPosition(checkpoint, last);
  if (visibleOnCommit) return last;
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
  return last;
};
