import { maxPosition, type GlobalPosition, type RecordedEvent } from '@campus/contracts';
import type { Pool } from '@campus/infra';
import { collectBoardTouches } from '../boards/board-touches';
import { refreshBoards, type BoardsTarget } from '../boards/refresh-boards';
import { applyBatch, type RetryPolicy } from './apply-batch';
import { markVisible } from './checkpoints';
import { parseBatch } from './parse';
import type { Projection, ProjectionContext } from './projection';
import type { ReadSchema } from './read-schema';

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
  /** Whether the visible checkpoint follows each batch (read-your-writes waits on it). */
  readonly markVisible: boolean;
};

/**
 * Projects one batch of stored events: rows and checkpoints in one transaction (poison events
 * dead-lettered), then the boards it touched, then the visible checkpoint. Returns its last position.
 */
export const projectBatch = async (
  target: BatchTarget,
  batch: readonly RecordedEvent[],
): Promise<GlobalPosition | null> => {
  const last = batch.at(-1)?.position;
  if (!last) return null;
  const { pool, schema, projections, checkpoints, context } = target;
  const { events, unparsable } = parseBatch(batch, context.logger);
  await applyBatch(
    { pool, schema, projections, checkpoints, context, policy: target.policy },
    { events, unparsable, last },
  );
  for (const [i, checkpoint] of checkpoints.entries())
    checkpoints[i] = maxPosition(checkpoint, last);
  if (target.boards) await refreshBoards(pool, target.boards, collectBoardTouches(events));
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
