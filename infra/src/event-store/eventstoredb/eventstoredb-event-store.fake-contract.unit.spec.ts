/**
 * The shared contract suite against the adapter over the in-memory fake client: it checks the
 * adapter's own logic (filtering, positions, exclusivity of `from`, id claims, retries, aborts)
 * against what the suite expects. It proves nothing about the real server; the suite against
 * EventStoreDB itself is eventstoredb-event-store.int.spec.ts. The fake's 'any' idempotency is
 * off, the worst case the server allows.
 */
import type { EventStore } from '@campus/contracts';
import { describeEventStoreContract } from '../contract-suite';
import { createEventStoreDbEventStoreFromClient } from './eventstoredb-event-store';
import { FakeEventStoreDbClient } from './fake-eventstoredb-client';

describeEventStoreContract('eventstoredb adapter over a fake client', () => {
  const fake = new FakeEventStoreDbClient({ idempotentAny: false });
  const stores: EventStore[] = [];
  const makeStore = () => {
    const store = createEventStoreDbEventStoreFromClient(fake.client, { streamPrefix: 'ct-' });
    stores.push(store);
    return Promise.resolve(store);
  };
  return makeStore().then((store) => ({
    store,
    makeStore,
    teardown: async () => {
      await Promise.all(stores.map((s) => s.close()));
    },
  }));
});
