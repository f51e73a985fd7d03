import {
  comparePositions,
  maxPosition,
  START_POSITION,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '@campus/contracts';
import { applyBatch } from '../../projector/apply-batch';
import { independentGroups } from '../../projector/independent-groups';
import type { UnparsableEvent } from '../../projector/parse';
import type { BatchTarget } from '../../projector/project-batch';
import type { ProjectedEvent, Projection } from '../../projector/projection';

/**
 * At most this much work in one transaction: an event weighs 1 plus the items of its list fields
 * (an attendance naming 200 students weighs 201), so a page of large events is split.
 */
export const MAX_BATCH_WEIGHT = 20_000;

const weightOf = (event: RecordedEvent) => {
  let weight = 1;
  for (const value of Object.values(event.data)) if (Array.isArray(value)) weight += value.length;
  return weight;
};

/** `events` cut into runs of at most `max` weight (an event heavier than that goes alone). */
export const byWeight = (events: readonly RecordedEvent[], max: number): RecordedEvent[][] => {
  const parts: RecordedEvent[][] = [];
  let part: RecordedEvent[] = [];
  let weight = 0;
  for (const event of events) {
    const w = weightOf(event);
    if (part.length && weight + w > max) {
      parts.push(part);
      part = [];
      weight = 0;
    }
    part.push(event);
    weight += w;
  }
  if (part.length) parts.push(part);
  return parts;
};

/**
 * The log after `from` up to `head`, in pages of `pageSize` cut by weight (`byWeight`); the next
 * page is read while the caller works on the current one.
 */
export async function* partsUpTo(
  store: EventStore,
  pageSize: number,
  from: GlobalPosition,
  head: GlobalPosition,
): AsyncGenerator<RecordedEvent[]> {
  const read = (after: GlobalPosition) => {
    const page = store.readAll({ from: after, max: pageSize });
    // Awaited below; this only keeps a failed read-ahead from going unhandled meanwhile.
    page.catch(() => undefined);
    return page;
  };
  let next = comparePositions(from, head) < 0 ? read(from) : null;
  while (next) {
    const page = await next;
    const batch = page.filter((e) => comparePositions(e.position, head) <= 0);
    const end = batch.at(-1)?.position;
    next =
      end && batch.length === page.length && comparePositions(end, head) < 0 ? read(end) : null;
    yield* byWeight(batch, MAX_BATCH_WEIGHT);
  }
}

/** Events parsed already: those to apply and those no schema accepts (dead letters). */
export type ParsedBatch = {
  readonly events: ProjectedEvent[];
  readonly unparsable: UnparsableEvent[];
};

/**
 * `projectBatch` for a replay's shadow, on events parsed already and ending at `last`: the
 * projections that share no table apply side by side, each in its own transaction with its
 * checkpoint (no boards, nothing marked visible); the checkpoints advance in place.
 */
export const applyParsed = async (
  target: BatchTarget,
  last: GlobalPosition,
  { events, unparsable }: ParsedBatch,
): Promise<void> => {
  const { pool, schema, projections, checkpoints, context, policy } = target;
  await Promise.all(
    independentGroups(projections).map((group, g) =>
      applyBatch(
        {
          pool,
          schema,
          projections: group.map((i) => projections[i] as Projection),
          checkpoints: group.map((i) => checkpoints[i] ?? START_POSITION),
          context,
          policy,
        },
        // Events no schema accepts are dead-lettered once, by the first group.
        { events, unparsable: g === 0 ? unparsable : [], last },
      ),
    ),
  );
  for (const [i, checkpoint] of checkpoints.entries())
    checkpoints[i] = maxPosition(checkpoint, last);
};
