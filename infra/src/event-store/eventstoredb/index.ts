export {
  createEventStoreDbEventStore,
  type EventStoreDbEventStoreOptions,
} from './eventstoredb-event-store';
export { validateEventStoreDbConnectionString } from './mapping';
