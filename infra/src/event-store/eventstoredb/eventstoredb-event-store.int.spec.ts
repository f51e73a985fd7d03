/**
 * The shared event store contract suite against a real EventStoreDB:
 * - EVENTSTORE_URL set (esdb://...): that server is used;
 * - otherwise, when a container engine is reachable: a throwaway eventstore/eventstore container
 *   (testcontainers; image overridable with EVENTSTORE_IMAGE), insecure, projections on;
 * - otherwise the suite is skipped and says why.
 * Tests share one server, so every setup() gets its own stream prefix (unique per run and per
 * setup): readAll / subscribeAll / headPosition of a store only see that store's streams.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { EventStore } from '@campus/contracts';
import { describeEventStoreContract } from '../contract-suite';
import { createEventStoreDbEventStore } from './eventstoredb-event-store';
import { validateEventStoreDbConnectionString } from './mapping';

const DEFAULT_IMAGE = 'eventstore/eventstore:24.10';
const SERVER_START_TIMEOUT_MS = 300_000;

/** Where testcontainers would find a container engine; null when there is none. Never throws. */
const findContainerEngine = (): string | null => {
  const dockerHost = process.env['DOCKER_HOST']?.trim();
  if (dockerHost) return `DOCKER_HOST=${dockerHost}`;
  const exists = (path: string) => {
    try {
      return existsSync(path);
    } catch {
      return false;
    }
  };
  try {
    const properties = join(homedir(), '.testcontainers.properties');
    if (exists(properties) && /^\s*docker\.host\s*=/m.test(readFileSync(properties, 'utf8'))) {
      return `docker.host in ${properties}`;
    }
  } catch {
    // unreadable: treat as absent
  }
  const runtimeDir = process.env['XDG_RUNTIME_DIR'];
  const sockets = [
    '/var/run/docker.sock',
    ...(runtimeDir ? [join(runtimeDir, 'docker.sock')] : []),
    join(homedir(), '.docker', 'run', 'docker.sock'),
    join(homedir(), '.docker', 'desktop', 'docker.sock'),
  ];
  return sockets.find(exists) ?? null;
};

const eventStoreUrl = process.env['EVENTSTORE_URL']?.trim() || null;
const containerEngine = eventStoreUrl ? null : findContainerEngine();
const skipReason =
  eventStoreUrl || containerEngine
    ? null
    : 'EventStoreDB contract suite skipped: EVENTSTORE_URL is not set and no container engine ' +
      'was found (no DOCKER_HOST, no docker.host in ~/.testcontainers.properties, no Docker socket)';
if (skipReason) console.warn(skipReason);

type Server = { readonly connectionString: string; readonly stop: () => Promise<void> };

/** Waits until the node accepts writes (a fresh node elects itself leader after /health/live). */
const waitUntilWritable = async (connectionString: string) => {
  const probe = createEventStoreDbEventStore({ connectionString, streamPrefix: 'probe-' });
  const deadline = Date.now() + 60_000;
  try {
    for (;;) {
      try {
        await probe.append(`ready-${randomBytes(4).toString('hex')}`, [
          {
            eventId: randomUUID(),
            type: 'ReadinessProbed',
            data: {},
            metadata: {
              actorUserId: null,
              correlationId: randomUUID(),
              causationId: null,
              commandName: 'ProbeReadiness',
              occurredAt: new Date().toISOString(),
            },
          },
        ]);
        return;
      } catch (error) {
        if (Date.now() > deadline) {
          throw new Error('EventStoreDB did not accept a write within 60 s', { cause: error });
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  } finally {
    await probe.close();
  }
};

const startServer = async (): Promise<Server> => {
  if (eventStoreUrl) {
    const connectionString = validateEventStoreDbConnectionString(eventStoreUrl);
    await waitUntilWritable(connectionString);
    return { connectionString, stop: () => Promise.resolve() };
  }
  // Imported only here, so merely loading this file never touches a container engine.
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(process.env['EVENTSTORE_IMAGE'] ?? DEFAULT_IMAGE)
    .withEnvironment({
      EVENTSTORE_CLUSTER_SIZE: '1',
      EVENTSTORE_RUN_PROJECTIONS: 'All',
      EVENTSTORE_START_STANDARD_PROJECTIONS: 'true',
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_MEM_DB: 'true',
    })
    .withExposedPorts(2113)
    .withWaitStrategy(
      Wait.forHttp('/health/live', 2113).forStatusCodeMatching((code) => code >= 200 && code < 300),
    )
    .withStartupTimeout(SERVER_START_TIMEOUT_MS)
    .start();
  const connectionString = `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
  try {
    await waitUntilWritable(connectionString);
  } catch (error) {
    await container.stop();
    throw error;
  }
  return {
    connectionString,
    stop: async () => {
      await container.stop();
    },
  };
};

describe.skipIf(skipReason !== null)(
  `EventStoreDB event store (${skipReason ?? (eventStoreUrl ? 'EVENTSTORE_URL' : `container via ${containerEngine ?? ''}`)})`,
  () => {
    let server: Promise<Server> | undefined;
    const getServer = () => (server ??= startServer());
    const runId = `ct-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
    let setups = 0;

    beforeAll(async () => {
      await getServer();
    }, SERVER_START_TIMEOUT_MS);

    afterAll(async () => {
      if (server) await (await server).stop();
    }, 60_000);

    describeEventStoreContract('eventstoredb', async () => {
      const { connectionString } = await getServer();
      const streamPrefix = `${runId}-${String(++setups)}-`;
      const stores: EventStore[] = [];
      const makeStore = () => {
        const store = createEventStoreDbEventStore({ connectionString, streamPrefix });
        stores.push(store);
        return Promise.resolve(store);
      };
      const store = await makeStore();
      return {
        store,
        makeStore,
        // close() is idempotent, so stores the test closed itself are fine here.
        teardown: async () => {
          await Promise.all(stores.map((s) => s.close()));
        },
      };
    });
  },
);

if (skipReason !== null) {
  describe('EventStoreDB event store', () => {
    it.skip(skipReason, () => undefined);
  });
}
