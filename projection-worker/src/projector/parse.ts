import { isEventType, toDomainEvent, type RecordedEvent } from '@campus/contracts';
import type { Logger } from '@campus/infra';
import type { ProjectedEvent } from './projection';

/** Parses stored events; unknown types are ignored, invalid payloads are logged and skipped. */
export const toProjectedEvents = (
  batch: readonly RecordedEvent[],
  logger: Logger,
): ProjectedEvent[] => {
  const out: ProjectedEvent[] = [];
  for (const recorded of batch) {
    const event = toDomainEvent(recorded);
    if (event) out.push({ recorded, event });
    else if (isEventType(recorded.type)) {
      logger.warn(
        { eventId: recorded.eventId, type: recorded.type },
        'skipping event with an invalid payload',
      );
    }
  }
  return out;
};
