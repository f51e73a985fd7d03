export {
  createPostgresEventStore,
  type PostgresEventStoreOptions,
} from './postgres/postgres-event-store';
export { measureSubscriberLag, type SubscriberLag } from './postgres/subscriber-lag';
