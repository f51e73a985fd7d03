import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobAcceptedSchema,
  scoringPreviewStatusSchema,
  type ScoringPreviewStatus,
} from '@campus/contracts';
import {
  createLogger,
  createPersonalDataVault,
  createRedisClient,
  type RedisClient,
} from '@campus/infra';
import { TEST_REDIS_URL } from '@campus/infra/testing';
import { startJobWorkers, type JobWorkers } from '@campus/projection-worker';
import { createJobQueues, type JobQueues } from '@campus/read-model';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'scoring-admin@university.edu';

describe('scoring preview: the history replayed with a draft into the shadow (real Postgres, Redis, BullMQ)', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let s: TestAccount[] = [];
  let queuesRedis: RedisClient;
  let queues: JobQueues;
  let workers: JobWorkers;
  const prefix = `test-scoring-${randomBytes(4).toString('hex')}`;

  /** Starts a preview of `draft` and waits for its finished answer. */
  const preview = async (draft: object): Promise<ScoringPreviewStatus> => {
    const started = await stack.command('post', '/api/scoring/previews', admin.token, draft);
    expect(started.status, started.text).toBe(202);
    const { job_id } = jobAcceptedSchema.parse(started.body);
    let status: ScoringPreviewStatus | null = null;
    await expect
      .poll(
        async () => {
          const response = await stack.read(`/api/scoring/previews/${job_id}`, admin.token);
          expect(response.status, response.text).toBe(200);
          status = scoringPreviewStatusSchema.parse(response.body);
          return status.state;
        },
        { timeout: 20_000 },
      )
      .toMatch(/completed|failed/);
    const done = status as ScoringPreviewStatus | null;
    if (!done?.result) throw new Error(`preview failed: ${String(done?.failed_reason)}`);
    return done;
  };

  const liveStandings = async () =>
    (
      await stack.db.pool.query<{ id: string; points: number }>(
        'SELECT id::text, points FROM read.users ORDER BY id',
      )
    ).rows;

  beforeAll(async () => {
    queuesRedis = createRedisClient(TEST_REDIS_URL);
    queues = createJobQueues({ connection: queuesRedis, prefix });
    stack = await startTestStack({
      config: { ADMIN_EMAILS: [ADMIN] },
      label: 'scoring',
      jobs: queues,
    });
    workers = await startJobWorkers({
      redisUrl: TEST_REDIS_URL,
      prefix,
      store: stack.store,
      pool: stack.db.pool,
      vault: createPersonalDataVault(stack.db.pool),
      logger: createLogger('test'),
      redis: stack.redis,
      keyPrefix: stack.boardPrefix,
      reportsDir: stack.uploadDir,
      clock: stack.clock,
    });
    f = createFixtures(stack);
    admin = await stack.registerUser(ADMIN, { first: 'Ada', last: 'Admin' });
    s = [];
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five'])
      s.push(await f.user(name.toLowerCase(), { first: name, last: 'Student' }));
    const [s1, s2, s3, s4, s5] = s as [
      TestAccount,
      TestAccount,
      TestAccount,
      TestAccount,
      TestAccount,
    ];
    const club = await f.organization(admin, { admin });
    const a = await f.opportunity(admin, club.id, { date: '2026-03-10', duration: 60 });
    const b = await f.opportunity(admin, club.id, { date: '2026-03-11', duration: 30 });
    const c = await f.opportunity(admin, club.id, { date: '2026-03-12', duration: 30 });
    await f.signUp(s1, a); // first: +5
    await f.signUp(s2, a);
    await f.signUp(s3, b); // first: +5
    await f.signUp(s4, b);
    await f.signUp(s5, c); // no attendance: no points
    stack.clock.set('2026-03-13T15:00:00.000Z');
    await f.markAttendance(admin, a, [s1, s2], 60);
    await f.markAttendance(admin, b, [s3, s4], 30);
    // Live: One 65 (rank 1), Two 60 (2), Three 35 (3), Four 30 (4), Five 0 (999).
    const response = await stack.read(`/api/users/${s1.userId}`, admin.token);
    expect(response.status).toBe(200);
  });
  afterAll(async () => {
    await workers.close();
    await queues.scoringPreview.obliterate({ force: true });
    await queues.close();
    queuesRedis.disconnect();
    await stack.stop();
  });

  it('lists exactly the users whose points or rank a bonus of 0 would change, and changes nothing', async () => {
    const before = await liveStandings();
    const status = await preview({ first_signup_bonus_points: 0 });
    expect(status.current?.first_signup_bonus_points).toBe(5);
    expect(status.draft?.first_signup_bonus_points).toBe(0);
    const [s1, s2, s3, s4] = s as [TestAccount, TestAccount, TestAccount, TestAccount];
    const byUser = new Map(status.result?.changes.map((c) => [c.user_id, c]));
    expect([...byUser.keys()].sort()).toEqual([s1, s2, s3, s4].map((a) => a.userId).sort());
    expect(byUser.get(s1.userId)).toMatchObject({
      name: 'One Student',
      points_before: 65,
      points_after: 60,
      rank_before: 1,
      rank_after: 1,
    });
    expect(byUser.get(s2.userId)).toMatchObject({
      points_before: 60,
      points_after: 60,
      rank_before: 2,
      rank_after: 1,
    });
    expect(byUser.get(s3.userId)).toMatchObject({
      points_before: 35,
      points_after: 30,
      rank_before: 3,
      rank_after: 3,
    });
    expect(byUser.get(s4.userId)).toMatchObject({
      points_after: 30,
      rank_before: 4,
      rank_after: 3,
    });
    expect(status.result?.users_compared).toBe(6);
    // Read-only: the live model is untouched and no shadow is left behind.
    expect(await liveStandings()).toEqual(before);
    const { rows } = await stack.db.pool.query(
      "SELECT 1 FROM pg_namespace WHERE nspname = 'read_shadow'",
    );
    expect(rows).toHaveLength(0);
  });

  it('lists the users who would lose a badge when its threshold rises', async () => {
    const status = await preview({ badge_thresholds: { 'point-novice': 60 } });
    const [s1, s2, s3, s4] = s as [TestAccount, TestAccount, TestAccount, TestAccount];
    const changes = status.result?.changes ?? [];
    expect(changes.map((c) => c.user_id).sort()).toEqual([s2, s3, s4].map((a) => a.userId).sort());
    for (const change of changes) {
      expect(change.badges_before).toContain('point-novice');
      expect(change.badges_after).not.toContain('point-novice');
      expect(change.points_after).toBe(change.points_before);
    }
    expect(changes.find((c) => c.user_id === s1.userId)).toBeUndefined();
  });

  it('is for admins, and names the bad fields of a draft', async () => {
    const student = s[0] as TestAccount;
    const refused = await stack.command('post', '/api/scoring/previews', student.token, {
      first_signup_bonus_points: 0,
    });
    expect(refused.status).toBe(403);
    const bad = await stack.command('post', '/api/scoring/previews', admin.token, {
      first_signup_bonus_points: -1,
      badge_thresholds: { 'top-ten': 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('first_signup_bonus_points');
    expect(bad.text).toContain('badge_thresholds');
    const nothing = await stack.command('post', '/api/scoring/previews', admin.token, {});
    expect(nothing.status).toBe(400);
    expect((await stack.read('/api/scoring/previews/unknown', admin.token)).status).toBe(404);
    expect((await stack.read('/api/scoring/previews/unknown', student.token)).status).toBe(403);
  });
});
