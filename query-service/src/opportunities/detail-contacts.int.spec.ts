import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONSISTENCY_TOKEN_HEADER,
  manualClock,
  productConfigSchema,
  type OpportunityDetail,
} from '@campus/contracts';
import { createLogger, createRedisClient, listen, type RedisClient } from '@campus/infra';
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase } from '@campus/infra/testing';
import {
  createVisiblePositionTracker,
  type VisiblePositionTracker,
} from '../consistency/visible-position';
import { createQueryApp } from '../http/app';

const HOST = '00000000-0000-4000-8000-000000000001';
const PARTICIPANT = '00000000-0000-4000-8000-000000000002';
const NEW_HOST = '00000000-0000-4000-8000-000000000003';
const FIRST = '00000000-0000-4000-8000-0000000000a1';
const SECOND = '00000000-0000-4000-8000-0000000000a2';

/** The test's people by name (their email's local part); a bearer token here is a user id. */
const people: Record<string, string> = { HOST, PARTICIPANT, NEW_HOST };

const THIRD = '00000000-0000-4000-8000-0000000000a3';

/**
 * A query service over a test database whose read model holds HOST's opportunity FIRST with
 * PARTICIPANT signed up. `positionsAreTransactionIds`: the tracker reads the event types each
 * move passes over (as in production with the Postgres event store); without it, every move
 * counts as one that may change what is kept.
 */
const startHarness = async (positionsAreTransactionIds: boolean) => {
  const db: TestDatabase = await createTestDatabase();
  /** Moves the visible position as the projector does after a batch (checkpoint, then NOTIFY). */
  const markVisible = (txn: number, seq: number) =>
    db.pool.query(
      `WITH moved AS (UPDATE read.checkpoints SET visible_txn = $1, visible_seq = $2)
       SELECT pg_notify('read_visible', $1 || '/' || $2)`,
      [txn, seq],
    );
  const opportunity = (id: string, host: string) =>
    db.pool.query(
      `INSERT INTO read.opportunities (id, name, date, time, starts_at, duration_minutes,
         total_slots, host_user_id, created_at, approved)
       VALUES ($1, 'Park cleanup', '2026-03-10', '10:00', '2026-03-10T15:00:00Z', 60, 10, $2,
               now(), true)`,
      [id, host],
    );
  const signUp = (id: string) =>
    db.pool.query(
      `INSERT INTO read.signups (opportunity_id, user_id, signed_up_at, registered)
       VALUES ($1, $2, now(), true)`,
      [id, PARTICIPANT],
    );
  await db.pool.query(`INSERT INTO read.checkpoints (projection) VALUES ('all')`);
  for (const [name, id] of Object.entries(people)) {
    await db.pool.query(
      `INSERT INTO read.users (id, email_hash, registration_date, first_name, email, phone)
       VALUES ($1, $2, now(), $2, $3, '5550001111')`,
      [id, name, `${name.toLowerCase()}@university.edu`],
    );
  }
  await opportunity(FIRST, HOST);
  await signUp(FIRST);
  await markVisible(1, 1);
  const tracker: VisiblePositionTracker = createVisiblePositionTracker({
    pool: db.pool,
    databaseUrl: db.url,
    logger: createLogger('test', 'silent'),
    positionsAreTransactionIds,
  });
  await tracker.start();
  const redis: RedisClient = createRedisClient(TEST_REDIS_URL);
  const app = createQueryApp({
    pool: db.pool,
    redis,
    boardPrefix: 'test-detail-contacts:',
    uploadDir: '/nonexistent',
    verifier: {
      verify: (token) =>
        Promise.resolve({
          uid: token,
          email: `${token}@university.edu`,
          emailVerified: true,
          signInProvider: 'password',
        }),
    },
    resolveCaller: (identity) =>
      Promise.resolve(identity.uid ? { userId: identity.uid, admin: false } : null),
    tracker,
    clock: manualClock('2026-03-02T15:00:00.000Z'),
    config: productConfigSchema.parse({}),
    logger: createLogger('test', 'silent'),
  });
  const server: Server = await listen(app, 0, '127.0.0.1');
  const address = server.address();
  const url = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
  return {
    db,
    tracker,
    markVisible,
    opportunity,
    signUp,
    contactsSeen: async (viewer: string, id: string, token?: string) => {
      const response = await fetch(`${url}/api/opps/${id}/full`, {
        headers: {
          authorization: `Bearer ${viewer}`,
          ...(token ? { [CONSISTENCY_TOKEN_HEADER]: token } : {}),
        },
      });
      expect(response.status).toBe(200);
      const detail = (await response.json()) as OpportunityDetail;
      return detail.involved_users.map((u) => u.email ?? null);
    },
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await tracker.close();
      redis.disconnect();
      await db.drop();
    },
  };
};

/**
 * The detail's participants' contacts go to the host of an opportunity they joined; the query
 * service reads that relation only for callers who host something, from a set of hosts it keeps
 * until the visible position moves over an event that may change it. A caller who just became a
 * host and carries the token of that write sees them at once.
 */
describe('GET /api/opps/:id/full: participants’ contacts and the hosts kept in memory', () => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  // The test's positions name no events here: every move counts as one that may change hosts.
  beforeAll(async () => {
    h = await startHarness(false);
  });
  afterAll(async () => {
    await h.close();
  });

  it("shows the host their participants' contacts, and nobody else", async () => {
    expect(await h.contactsSeen(HOST, FIRST)).toEqual(['participant@university.edu']);
    expect(await h.contactsSeen(NEW_HOST, FIRST)).toEqual([null]);
  });

  it('shows a new host their participant’s contact at once when the read carries the token', async () => {
    // NEW_HOST was just read as hosting nothing; now they host SECOND, which PARTICIPANT joined.
    await h.opportunity(SECOND, NEW_HOST);
    await h.signUp(SECOND);
    await h.markVisible(1, 2);
    expect(await h.contactsSeen(NEW_HOST, SECOND, 'v1.1.2')).toEqual([
      'participant@university.edu',
    ]);
  });
});

describe('the set of hosts, moved by the event types the position passes over', () => {
  let h: Awaited<ReturnType<typeof startHarness>>;
  beforeAll(async () => {
    h = await startHarness(true);
  });
  afterAll(async () => {
    await h.close();
  });

  /** An event of `type` appended to the log and made visible, as the projector would. */
  const appendVisible = async (type: string) => {
    const { rows } = await h.db.pool.query<{ txn: string; seq: string }>(
      `INSERT INTO es.events (stream_id, stream_revision, event_id, event_type, data, metadata)
       VALUES ('test-' || gen_random_uuid(), 0, gen_random_uuid(), $1, '{}', '{}')
       RETURNING transaction_id::text AS txn, global_position::text AS seq`,
      [type],
    );
    const at = { txn: BigInt(rows[0]?.txn ?? '0'), seq: BigInt(rows[0]?.seq ?? '0') };
    await h.markVisible(Number(at.txn), Number(at.seq));
    await expect.poll(() => h.tracker.current()).toEqual(at);
  };

  it('is kept while other events become visible, and read again after an opportunity is created', async () => {
    await appendVisible('UserSignedUp');
    expect(await h.contactsSeen(NEW_HOST, FIRST)).toEqual([null]);
    // Behind the kept set's back (no event says so), NEW_HOST now hosts THIRD, which
    // PARTICIPANT joined: a signup becoming visible does not make the service read the hosts.
    await h.opportunity(THIRD, NEW_HOST);
    await h.signUp(THIRD);
    await appendVisible('UserSignedUp');
    expect(await h.contactsSeen(NEW_HOST, THIRD)).toEqual([null]);
    // An opportunity's creation becoming visible does.
    await appendVisible('OpportunityCreated');
    expect(await h.contactsSeen(NEW_HOST, THIRD)).toEqual(['participant@university.edu']);
  });
});
