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

/**
 * The detail's participants' contacts go to the host of an opportunity they joined; the query
 * service reads that relation only for callers who host something, from a list of hosts it keeps
 * until the visible position moves over an event that may change it (here the test's positions
 * have no events, which counts as such a move). A caller who just became a host and carries the
 * token of that write sees them at once.
 */
describe('GET /api/opps/:id/full: participants’ contacts and the hosts kept in memory', () => {
  let db: TestDatabase;
  let tracker: VisiblePositionTracker;
  let redis: RedisClient;
  let server: Server;
  let url = '';

  const markVisible = (seq: number) =>
    db.pool.query(
      `WITH moved AS (UPDATE read.checkpoints SET visible_txn = 1, visible_seq = $1)
       SELECT pg_notify('read_visible', '1/' || $1)`,
      [seq],
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
  const contactsSeen = async (viewer: string, id: string, token?: string) => {
    const response = await fetch(`${url}/api/opps/${id}/full`, {
      headers: {
        authorization: `Bearer ${viewer}`,
        ...(token ? { [CONSISTENCY_TOKEN_HEADER]: token } : {}),
      },
    });
    expect(response.status).toBe(200);
    const detail = (await response.json()) as OpportunityDetail;
    return detail.involved_users.map((u) => u.email ?? null);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
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
    await markVisible(1);
    tracker = createVisiblePositionTracker({
      pool: db.pool,
      databaseUrl: db.url,
      logger: createLogger('test', 'silent'),
    });
    await tracker.start();
    redis = createRedisClient(TEST_REDIS_URL);
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
    server = await listen(app, 0, '127.0.0.1');
    const address = server.address();
    url = `http://127.0.0.1:${String(typeof address === 'object' && address ? address.port : 0)}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await tracker.close();
    redis.disconnect();
    await db.drop();
  });

  it("shows the host their participants' contacts, and nobody else", async () => {
    expect(await contactsSeen(HOST, FIRST)).toEqual(['participant@university.edu']);
    expect(await contactsSeen(NEW_HOST, FIRST)).toEqual([null]);
  });

  it('shows a new host their participant’s contact at once when the read carries the token', async () => {
    // NEW_HOST was just read as hosting nothing; now they host SECOND, which PARTICIPANT joined.
    await opportunity(SECOND, NEW_HOST);
    await signUp(SECOND);
    await markVisible(2);
    expect(await contactsSeen(NEW_HOST, SECOND, 'v1.1.2')).toEqual(['participant@university.edu']);
  });
});
