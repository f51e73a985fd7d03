import { eventSchemas, isEventType, toDomainEvent, type RecordedEvent } from '@campus/contracts';
import type { Logger } from '@campus/infra';
import type { ProjectedEvent } from './projection';

export type UnparsableEvent = { readonly recorded: RecordedEvent; readonly error: string };

/**
 * Parses stored events against the current schemas. Unknown types are ignored (another version's
 * events); a known type whose payload fails its schema is returned as unparsable (dead letter).
 */
export const parseBatch = (
  batch: readonly RecordedEvent[],
  logger: Logger,
): { events: ProjectedEvent[]; unparsable: UnparsableEvent[] } => {
  const events: ProjectedEvent[] = [];
  const unparsable: UnparsableEvent[] = [];
  for (const recorded of batch) {
    const event = toDomainEvent(recorded);
    if (event) events.push({ recorded, event });
    else if (isEventType(recorded.type)) {
      const result = eventSchemas[recorded.type].safeParse(recorded.data);
      // Paths and codes only: zod's own message is the issues as JSON, and must not grow an input.
      const error = result.success
        ? 'invalid payload'
        : `invalid payload: ${result.error.issues
            .slice(0, 10)
            .map((i) => `${i.path.join('.') || '(root)'} ${i.code}`)
            .join('; ')}`;
      logger.warn(
        { eventId: recorded.eventId, type: recorded.type },
        'skipping event with an invalid payload',
      );
      unparsable.push({ recorded, error });
    }
  }
  return { events, unparsable };
};

/** Parses stored events; unknown types are ignored, invalid payloads are logged and skipped. */
export const toProjectedEvents = (
  batch: readonly RecordedEvent[],
  logger: Logger,
): ProjectedEvent[] => parseBatch(batch, logger).events;
