import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobAcceptedSchema,
  projectionsStatusSchema,
  replayStatusSchema,
  reportStatusSchema,
} from '@campus/contracts';
import {
  createLogger,
  createPersonalDataVault,
  createRedisClient,
  type RedisClient,
} from '@campus/infra';
import { TEST_REDIS_URL } from '@campus/infra/testing';
import { allProjections, startJobWorkers, type JobWorkers } from '@campus/projection-worker';
import { createJobQueues, type JobQueues } from '@campus/read-model';
import { createFixtures, type Fixtures } from '../stack/fixtures';
import { startTestStack, type TestAccount, type TestStack } from '../stack/stack';

const ADMIN = 'reports-admin@university.edu';

/** A CSV body as lines (no trailing empty line). */
const lines = (text: string) => text.trimEnd().split('\n');

describe('CSV exports, report jobs and replays over HTTP (real Postgres, Redis, BullMQ)', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let student: TestAccount;
  let other: TestAccount;
  let queuesRedis: RedisClient;
  let queues: JobQueues;
  let workers: JobWorkers;
  let reportsDir = '';
  const prefix = `test-ops-${randomBytes(4).toString('hex')}`;

  /** Reads `path` as the admin until `done` holds for its parsed answer; answers that answer. */
  const poll = async <T>(path: string, parse: (body: unknown) => T, done: (t: T) => boolean) => {
    const answers: T[] = [];
    await expect
      .poll(
        async () => {
          const response = await stack.read(path, admin.token);
          expect(response.status, response.text).toBe(200);
          answers.push(parse(response.body));
          return done(answers[answers.length - 1] as T);
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    return answers[answers.length - 1] as T;
  };

  beforeAll(async () => {
    reportsDir = await mkdtemp(join(tmpdir(), 'campus-reports-'));
    queuesRedis = createRedisClient(TEST_REDIS_URL);
    queues = createJobQueues({ connection: queuesRedis, prefix });
    stack = await startTestStack({
      config: { ADMIN_EMAILS: [ADMIN] },
      label: 'reports',
      jobs: queues,
      reportsDir,
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
      reportsDir,
      clock: stack.clock,
    });
    f = createFixtures(stack);
    admin = await stack.registerUser(ADMIN, { first: 'Ada', last: 'Admin' });
    student = await f.user('student', { first: 'Sam', last: 'Student' });
    other = await f.user('other', { first: '=cmd|calc', last: 'Other' });
    const club = await f.organization(admin, { name: 'Green Club', admin });
    const first = await f.opportunity(admin, club.id, {
      name: 'Beach cleanup',
      date: '2026-03-10',
      duration: 60,
    });
    const second = await f.opportunity(admin, club.id, {
      name: '@risky name',
      date: '2026-04-05',
      duration: 45,
    });
    await f.signUp(student, first);
    await f.signUp(other, first);
    await f.signUp(student, second);
    stack.clock.set('2026-04-06T15:00:00.000Z');
    await f.markAttendance(admin, first, [student, other], 60);
    await f.markAttendance(admin, second, [student], 45);
  });
  afterAll(async () => {
    await workers.close();
    await queues.reports.obliterate({ force: true });
    await queues.replay.obliterate({ force: true });
    await queues.close();
    queuesRedis.disconnect();
    await stack.stop();
    await rm(reportsDir, { recursive: true, force: true });
  });

  it('answers the CSV endpoints to admins only, formula cells escaped', async () => {
    const users = await stack.read('/api/users/csv', admin.token);
    expect(users.status).toBe(200);
    expect(users.headers['content-type']).toMatch(/^text\/csv/);
    expect(users.headers['content-disposition']).toBe('attachment; filename=users.csv');
    const userLines = lines(users.text);
    expect(userLines[0]).toMatch(/^id,first_name,last_name,email,phone,points,hours,/);
    expect(userLines).toHaveLength(4);
    expect(users.text).toContain(`,'=cmd|calc,Other,`);
    expect(users.text).toContain(`,Sam,Student,${student.email},5551234567,115,1.9,`);

    const opps = await stack.read('/api/opps/csv', admin.token);
    expect(opps.headers['content-disposition']).toBe('attachment; filename=opportunities.csv');
    expect(lines(opps.text)).toHaveLength(3);
    expect(opps.text).toContain(`,'@risky name,`);

    expect((await stack.read('/api/users/csv', student.token)).status).toBe(403);
    expect((await stack.read('/api/opps/csv', null)).status).toBe(401);
  });

  it('answers POST /api/service-data/org/ with one row per attended participation', async () => {
    const response = await request(stack.commandApp)
      .post('/api/service-data/org/')
      .set('authorization', `Bearer ${admin.token}`)
      .send({ start_date: '2026-03-01', end_date: '2026-04-30' });
    expect(response.status).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename=service_data_2026-03-01_to_2026-04-30.csv',
    );
    expect(lines(response.text)).toEqual([
      'student_name,email,opportunity,organization,date,minutes',
      `'=cmd|calc Other,${other.email},Beach cleanup,Green Club,2026-03-10,60`,
      `Sam Student,${student.email},Beach cleanup,Green Club,2026-03-10,60`,
      `Sam Student,${student.email},'@risky name,Green Club,2026-04-05,45`,
    ]);
    const march = await request(stack.commandApp)
      .post('/api/service-data/org')
      .set('authorization', `Bearer ${admin.token}`)
      .send({ start_date: '2026-03-01', end_date: '2026-03-31' });
    expect(lines(march.text)).toHaveLength(3);

    const reversed = await request(stack.commandApp)
      .post('/api/service-data/org/')
      .set('authorization', `Bearer ${admin.token}`)
      .send({ start_date: '2026-04-30', end_date: '2026-03-01' });
    expect(reversed.status).toBe(400);
    const forbidden = await request(stack.commandApp)
      .post('/api/service-data/org/')
      .set('authorization', `Bearer ${student.token}`)
      .send({ start_date: '2026-03-01', end_date: '2026-04-30' });
    expect(forbidden.status).toBe(403);
  });

  it('runs a report job once per request and position, then serves its file', async () => {
    const body = { kind: 'service-data', start_date: '2026-03-01', end_date: '2026-04-30' };
    const [a, b] = await Promise.all([
      stack.command('post', '/api/reports', admin.token, body),
      stack.command('post', '/api/reports', admin.token, body),
    ]);
    expect(a.status).toBe(202);
    const accepted = jobAcceptedSchema.parse(a.body);
    expect(jobAcceptedSchema.parse(b.body).job_id).toBe(accepted.job_id);

    const status = await poll(
      `/api/reports/${accepted.job_id}`,
      (body) => reportStatusSchema.parse(body),
      (s) => Boolean(s.file),
    );
    expect(status).toMatchObject({
      state: 'completed',
      progress: 100,
      failed_reason: null,
      file: {
        file_name: 'service_data_2026-03-01_to_2026-04-30.csv',
        rows: 3,
        download_url: `/api/reports/${accepted.job_id}/file`,
      },
    });
    const file = await stack.read(status.file?.download_url ?? '', admin.token);
    expect(file.status).toBe(200);
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename=service_data_2026-03-01_to_2026-04-30.csv',
    );
    // The same code as the CSV endpoint: the same bytes.
    const direct = await request(stack.commandApp)
      .post('/api/service-data/org/')
      .set('authorization', `Bearer ${admin.token}`)
      .send({ start_date: '2026-03-01', end_date: '2026-04-30' });
    expect(file.text).toBe(direct.text);

    // Someone who may not see a report finds none (docs/impact.md).
    expect((await stack.read(`/api/reports/${accepted.job_id}`, student.token)).status).toBe(404);
    expect((await stack.read(status.file?.download_url ?? '', student.token)).status).toBe(404);
    expect((await stack.read('/api/reports/users-at-1.1', admin.token)).status).toBe(404);
    expect((await stack.command('post', '/api/reports', student.token, body)).status).toBe(403);
    const invalid = await stack.command('post', '/api/reports', admin.token, { kind: 'payroll' });
    expect(invalid.status).toBe(400);
  });

  it('replays the read model as a job an admin starts and watches, then shows no lag', async () => {
    const started = await stack.command('post', '/api/operations/replays', admin.token, {
      projection: 'all',
    });
    expect(started.status, started.text).toBe(202);
    const { job_id } = jobAcceptedSchema.parse(started.body);
    const replay = await poll(
      `/api/operations/replays/${job_id}`,
      (body) => replayStatusSchema.parse(body),
      (s) => s.state === 'completed' || s.state === 'failed',
    );
    expect(replay).toMatchObject({
      state: 'completed',
      projection: 'all',
      progress: { phase: 'done' },
      failed_reason: null,
    });
    expect(replay.result?.projections).toContain('points');

    // The live projector follows the swapped-in model: a new command shows up in it.
    await f.user('after-replay');
    const users = await stack.read('/api/users/csv', admin.token);
    expect(lines(users.text)).toHaveLength(5);

    const projections = await poll(
      '/api/operations/projections',
      (body) => projectionsStatusSchema.parse(body),
      (s) => s.projections.every((p) => p.lag_events === 0),
    );
    expect(projections.projections.map((p) => [p.name, p.lag_events, p.dead_letters])).toEqual(
      allProjections.map((p) => [p.name, 0, 0]),
    );

    const unknown = await stack.command('post', '/api/operations/replays', admin.token, {
      projection: 'nope',
    });
    expect(unknown.status).toBe(400);
    expect(
      (await stack.command('post', '/api/operations/replays', student.token, { projection: 'all' }))
        .status,
    ).toBe(403);
    expect((await stack.read('/api/operations/projections', student.token)).status).toBe(403);
  });

  it('exposes request latency histograms on /metrics of both services', async () => {
    await stack.read('/api/users/csv', admin.token);
    await request(stack.commandApp)
      .post('/api/service-data/org/')
      .set('authorization', `Bearer ${admin.token}`)
      .send({ start_date: '2026-03-01', end_date: '2026-03-31' });
    const query = await request(stack.queryApp).get('/metrics');
    expect(query.status).toBe(200);
    expect(query.text).toMatch(
      /http_request_duration_seconds_count\{service="query-service",method="GET",route="\/api\/users\/csv",status="200"\} [1-9]/,
    );
    const command = await request(stack.commandApp).get('/metrics');
    expect(command.text).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",service="command-service",method="POST",route="\/api\/service-data\/org\/",status="200"\} [1-9]/,
    );
  });
});
