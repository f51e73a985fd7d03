import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { manualClock, productConfigSchema, type ProductConfig } from '@campus/contracts';
import {
  createEventStore,
  createFirebaseTokenVerifier,
  createLogger,
  createPersonalDataVault,
} from '@campus/infra';
import {
  assertAuthEmulatorUp,
  createTestDatabase,
  emulatorIdToken,
  TEST_FIREBASE_PROJECT_ID,
} from '@campus/infra/testing';
import type { JobQueues } from '@campus/read-model';
import { createCommandApp } from '../http/app';
import { createStreamCallerResolver } from '../users/caller-resolver';

export const ADMIN_EMAIL = 'admin@university.edu';

/**
 * The command service over a fresh database for integration tests: real Postgres event store,
 * real auth emulator tokens, a manual clock (starts 2026-03-02 10:00 Eastern).
 */
export const startCommandStack = async (
  options: { config?: Partial<ProductConfig>; jobs?: JobQueues } = {},
) => {
  await assertAuthEmulatorUp();
  const db = await createTestDatabase({ poolMax: 10 });
  const clock = manualClock('2026-03-02T15:00:00.000Z');
  const config = { ...productConfigSchema.parse({ ADMIN_EMAILS: ADMIN_EMAIL }), ...options.config };
  const store = await createEventStore({ pool: db.pool });
  const uploadDir = await mkdtemp(join(tmpdir(), 'campus-uploads-'));
  const app = createCommandApp({
    store,
    pool: db.pool,
    uploadDir,
    vault: createPersonalDataVault(db.pool),
    verifier: createFirebaseTokenVerifier({ projectId: TEST_FIREBASE_PROJECT_ID }),
    resolveCaller: createStreamCallerResolver(store),
    clock,
    config,
    logger: createLogger('test'),
    ...(options.jobs ? { jobs: options.jobs } : {}),
  });

  /** Registers a user through POST /api/users; answers their token and id. */
  const registerUser = async (email: string, names: { first?: string; last?: string } = {}) => {
    const token = await emulatorIdToken(email);
    const response = await request(app)
      .post('/api/users')
      .set('authorization', `Bearer ${token}`)
      .send({
        first_name: names.first ?? 'Test',
        last_name: names.last ?? 'User',
        phone: '5551234567',
        has_car: false,
      });
    if (response.status !== 201)
      throw new Error(`registering ${email}: ${response.status} ${response.text}`);
    return { token, userId: (response.body as { id: string }).id, email };
  };

  /** Events of one stream as [type, data] pairs, for then-assertions. */
  const streamEvents = async (streamId: string) =>
    (await store.readStream(streamId)).map((e) => ({
      type: e.type,
      data: e.data,
      metadata: e.metadata,
    }));

  return {
    app,
    db,
    store,
    clock,
    config,
    uploadDir,
    registerUser,
    streamEvents,
    stop: async () => {
      await store.close();
      await db.drop();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
};
export type CommandStack = Awaited<ReturnType<typeof startCommandStack>>;
