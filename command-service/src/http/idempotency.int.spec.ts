import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, productConfigSchema, type EventStore } from '@campus/contracts';
import {
  createEventStore,
  createFirebaseTokenVerifier,
  createLogger,
  createPersonalDataVault,
  type CallerResolver,
} from '@campus/infra';
import {
  assertAuthEmulatorUp,
  createTestDatabase,
  emulatorIdToken,
  TEST_FIREBASE_PROJECT_ID,
  type TestDatabase,
} from '@campus/infra/testing';
import { createStreamCallerResolver } from '../users/caller-resolver';
import { createCommandApp } from './app';
import type { CommandDeps } from './context';
import { ANSWER_LOST_MESSAGE, IN_PROGRESS_MESSAGE } from './idempotency';

type Account = { token: string; uid: string };

/**
 * A claim its service never answered: the process was killed (or Postgres went down) mid-command.
 * A retry with the same Idempotency-Key must neither wait forever nor apply the command twice.
 */
describe('Idempotency-Key claims left by a stopped command', () => {
  let db: TestDatabase;
  let store: EventStore;
  let uploadDir: string;
  /** The app over the Postgres event store, as the running service is wired. */
  let app: Express;
  /** The same app not told which event store it has. */
  let unknownStoreApp: Express;

  beforeAll(async () => {
    await assertAuthEmulatorUp();
    db = await createTestDatabase({ poolMax: 10 });
    store = await createEventStore({ pool: db.pool });
    uploadDir = await mkdtemp(join(tmpdir(), 'campus-uploads-'));
    // Callers resolved once and kept, so a held lock on es.events holds only the commands.
    const resolve = createStreamCallerResolver(store);
    const callers = new Map<string, Awaited<ReturnType<CallerResolver>>>();
    const resolveCaller: CallerResolver = async (identity) => {
      const known = callers.get(identity.uid);
      if (known) return known;
      const caller = await resolve(identity);
      if (caller) callers.set(identity.uid, caller);
      return caller;
    };
    const deps: CommandDeps = {
      store,
      pool: db.pool,
      uploadDir,
      vault: createPersonalDataVault(db.pool),
      verifier: createFirebaseTokenVerifier({ projectId: TEST_FIREBASE_PROJECT_ID }),
      resolveCaller,
      clock: manualClock('2026-03-02T15:00:00.000Z'),
      config: productConfigSchema.parse({ ADMIN_EMAILS: 'admin@university.edu' }),
      logger: createLogger('test'),
    };
    app = createCommandApp({ ...deps, eventStoreKind: 'postgres' });
    unknownStoreApp = createCommandApp(deps);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
    await rm(uploadDir, { recursive: true, force: true });
  });

  const register = async (email: string): Promise<Account> => {
    const token = await emulatorIdToken(email);
    const response = await request(app)
      .post('/api/users')
      .set('authorization', `Bearer ${token}`)
      .send({ first_name: 'Test', last_name: 'User', phone: '5551234567', has_car: false });
    if (response.status !== 201) throw new Error(`registering: ${response.status}`);
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
    };
    return { token, uid: payload.sub };
  };

  const createOrg = (
    target: Express,
    account: Account,
    key: string,
    body: object,
    correlationId?: string,
  ) => {
    const test = request(target)
      .post('/api/orgs')
      .set('authorization', `Bearer ${account.token}`)
      .set('idempotency-key', key);
    return (correlationId ? test.set('x-correlation-id', correlationId) : test).send(body);
  };

  /** The row a service killed mid-command leaves: claimed `age` ago, never answered. */
  const leaveClaim = async (account: Account, key: string, body: object, age: string) => {
    const correlationId = randomUUID();
    await db.pool.query(
      `INSERT INTO cmd.idempotency_keys
         (scope, key, request_hash, correlation_id, claim_xid, created_at)
       VALUES ($1, $2, $3, $4, pg_current_xact_id(), now() - $5::interval)`,
      [
        `${account.uid}:POST:/api/orgs`,
        key,
        createHash('sha256').update(JSON.stringify(body)).digest('hex'),
        correlationId,
        age,
      ],
    );
    return correlationId;
  };

  /** The correlation ids of the OrganizationCreated events of this name. */
  const orgsCreated = async (name: string) => {
    const { rows } = await db.pool.query<{ correlation_id: string }>(
      `SELECT metadata->>'correlationId' AS correlation_id FROM es.events
        WHERE event_type = 'OrganizationCreated' AND data->>'name' = $1`,
      [name],
    );
    return rows.map((r) => r.correlation_id);
  };

  const claimOf = async (key: string) => {
    const { rows } = await db.pool.query<{ correlation_id: string | null; status: number | null }>(
      'SELECT correlation_id, status FROM cmd.idempotency_keys WHERE key = $1',
      [key],
    );
    return rows[0];
  };

  /** Waits until `count` queries matching `pattern` wait for a lock. */
  const waitForLockWaiters = async (pattern: string, count: number) => {
    for (let attempt = 0; attempt < 200; attempt++) {
      const { rows } = await db.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`,
        [pattern],
      );
      if ((rows[0]?.n ?? 0) >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`fewer than ${count} queries waited for the lock`);
  };

  it('runs the command once for a retry of an abandoned claim whose command appended nothing', async () => {
    const account = await register('abandoned@university.edu');
    const body = { name: `Abandoned ${randomUUID().slice(0, 8)}` };
    const key = randomUUID();
    const lost = await leaveClaim(account, key, body, '2 minutes');

    // The key still belongs to its request: another body is refused.
    const other = await createOrg(app, account, key, { name: 'Another body' });
    expect(other.status).toBe(400);

    const retry = await createOrg(app, account, key, body);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const created = await orgsCreated(body.name);
    expect(created).toHaveLength(1);
    // The claim now names the correlation id the retry's events carry.
    const claim = await claimOf(key);
    expect(claim?.status).toBe(201);
    expect(claim?.correlation_id).not.toBe(lost);
    expect(created[0]).toBe(claim?.correlation_id);

    const again = await createOrg(app, account, key, body);
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(retry.body);
    expect(await orgsCreated(body.name)).toHaveLength(1);
  });

  it('answers 409 "answer lost" and appends nothing when the abandoned claim\'s command appended', async () => {
    const account = await register('applied@university.edu');
    const body = { name: `Applied ${randomUUID().slice(0, 8)}` };
    const key = randomUUID();
    const first = await createOrg(app, account, key, body);
    expect(first.status).toBe(201);
    // As if the service died after the append, before it recorded the answer.
    await db.pool.query(
      `UPDATE cmd.idempotency_keys
          SET status = NULL, body = NULL, consistency_token = NULL, completed_at = NULL,
              created_at = now() - interval '2 minutes'
        WHERE key = $1`,
      [key],
    );

    const retry = await createOrg(app, account, key, body);
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe(ANSWER_LOST_MESSAGE);
    const again = await createOrg(app, account, key, body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ANSWER_LOST_MESSAGE);
    expect(await orgsCreated(body.name)).toHaveLength(1);
  });

  it('still answers 409 "in progress" while a claim is fresh, and when the event store is not known', async () => {
    const account = await register('fresh@university.edu');
    const body = { name: `Fresh ${randomUUID().slice(0, 8)}` };
    const key = randomUUID();
    const correlationId = `fresh-${randomUUID()}`;
    const lock = await db.pool.connect();
    let first: Promise<request.Response> | undefined;
    try {
      // The first request claims the key, then its append waits behind this lock.
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE es.events IN SHARE ROW EXCLUSIVE MODE');
      first = createOrg(app, account, key, body, correlationId).then((r) => r);
      await waitForLockWaiters('%INSERT%es.events%', 1);
      // The claim names the request's correlation id.
      expect(await claimOf(key)).toEqual({ correlation_id: correlationId, status: null });
      const retry = await createOrg(app, account, key, body);
      expect(retry.status).toBe(409);
      expect(retry.body.message).toBe(IN_PROGRESS_MESSAGE);
    } finally {
      await lock.query('COMMIT');
      lock.release();
    }
    const answered = await first;
    expect(answered.status).toBe(201);
    const created = await orgsCreated(body.name);
    expect(created).toHaveLength(1);
    expect(created[0]).toBe(correlationId);

    // An abandoned claim, where nothing says which event store holds the events: kept.
    const unknownBody = { name: `Unknown ${randomUUID().slice(0, 8)}` };
    const unknownKey = randomUUID();
    await leaveClaim(account, unknownKey, unknownBody, '2 minutes');
    const unknown = await createOrg(unknownStoreApp, account, unknownKey, unknownBody);
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toBe(IN_PROGRESS_MESSAGE);
    expect(await orgsCreated(unknownBody.name)).toHaveLength(0);
  });

  it('lets exactly one of two concurrent retries take an abandoned claim over', async () => {
    const account = await register('concurrent@university.edu');
    const body = { name: `Concurrent ${randomUUID().slice(0, 8)}` };
    const key = randomUUID();
    await leaveClaim(account, key, body, '2 minutes');
    // Refused (another body), and the caller is resolved before the lock below.
    expect((await createOrg(app, account, key, { name: 'Another body' })).status).toBe(400);
    const lock = await db.pool.connect();
    let answers: Promise<request.Response[]> | undefined;
    try {
      // Both retries read the claim, then wait at the look-up of its events: both saw it abandoned.
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE es.events IN ACCESS EXCLUSIVE MODE');
      answers = Promise.all([
        createOrg(app, account, key, body).then((r) => r),
        createOrg(app, account, key, body).then((r) => r),
      ]);
      await waitForLockWaiters(`%es.events%correlationId%`, 2);
    } finally {
      await lock.query('COMMIT');
      lock.release();
    }
    const both = await answers;
    const ran = both.filter((r) => r.status === 201 && !r.headers['idempotent-replayed']);
    const refused = both.filter((r) => r.status === 409);
    expect(ran).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.body.message).toBe(IN_PROGRESS_MESSAGE);
    expect(await orgsCreated(body.name)).toHaveLength(1);
  });
});
