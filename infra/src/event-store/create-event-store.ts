import type { EventStore } from '@campus/contracts';
import type { Pool } from '../db/pool';
import { createEventStoreDbEventStore } from './eventstoredb';
import { createPostgresEventStore } from './postgres/postgres-event-store';

/** The configured event store: EventStoreDB when an esdb:// URL is given, else Postgres (schema `es`). */
export const createEventStore = (options: {
  readonly pool: Pool;
  readonly eventStoreUrl?: string | undefined;
  readonly notify?: boolean;
}): Promise<EventStore> =>
  Promise.resolve(
    options.eventStoreUrl
      ? createEventStoreDbEventStore({ connectionString: options.eventStoreUrl })
      : createPostgresEventStore({
          pool: options.pool,
          ...(options.notify === undefined ? {} : { notify: options.notify }),
        }),
  );
