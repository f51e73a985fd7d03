import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMPACT_REPORTS_PER_HOUR,
  impactDashboardSchema,
  jobAcceptedSchema,
  reportStatusSchema,
  texts,
  type ImpactTable,
  impactTexts,
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

const ADMIN = 'impact-admin@university.edu';

type Problem = { status: number; detail: string; errors?: { field: string }[] };

/** A CSV body as lines (no trailing empty line). */
const lines = (text: string) => text.trimEnd().split('\n');

/** POST /api/reports' body for one table of March's dashboard (every organization: null). */
const marchReport = (table: ImpactTable, organizationId: string | null) => ({
  kind: 'impact',
  table,
  from: '2026-03-01',
  to: '2026-03-31',
  ...(organizationId ? { organization_id: organizationId } : {}),
});

/**
 * The impact dashboard on the whole stack (docs/impact.md): who may see which organization, the
 * date range, the dashboard as of a past day, a host's CSV of their organization only, and an
 * admin's CSV through the report jobs.
 *
 * The world: `host` hosts Rowing, whose river cleanup (March 10) 5 of 6 registered students
 * attend, and approves a log of hours one of them did for Rowing (March 15); `rival` hosts Chess,
 * whose food drive (March 20, marked the next day) 5 students attend.
 */
describe('GET /api/impact and its CSV over HTTP (real Postgres, Redis, BullMQ)', () => {
  let stack: TestStack;
  let f: Fixtures;
  let admin: TestAccount;
  let host: TestAccount;
  let rival: TestAccount;
  let students: TestAccount[];
  let rowing: { id: string; name: string };
  let chess: { id: string; name: string };
  let queuesRedis: RedisClient;
  let queues: JobQueues;
  let workers: JobWorkers;
  let reportsDir = '';
  const prefix = `test-impact-${randomBytes(4).toString('hex')}`;

  const get = (query: string, account: TestAccount) =>
    stack.read(`/api/impact?${query}`, account.token);
  const dashboard = async (query: string, account: TestAccount) => {
    const response = await get(query, account);
    expect(response.status, response.text).toBe(200);
    return impactDashboardSchema.parse(response.body);
  };
  const refusal = async (path: string, account: TestAccount | null) => {
    const response = await stack.read(path, account?.token ?? null);
    return { status: response.status, body: response.body as Problem };
  };

  beforeAll(async () => {
    reportsDir = await mkdtemp(join(tmpdir(), 'campus-impact-'));
    queuesRedis = createRedisClient(TEST_REDIS_URL);
    queues = createJobQueues({ connection: queuesRedis, prefix });
    stack = await startTestStack({
      config: { ADMIN_EMAILS: [ADMIN] },
      label: 'impact',
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
    stack.clock.set('2026-03-01T15:00:00.000Z');
    admin = await stack.registerUser(ADMIN, { first: 'Ada', last: 'Admin' });
    host = await f.user('host', { first: 'Hana', last: 'Host' });
    rival = await f.user('rival', { first: 'Rex', last: 'Rival' });
    students = [];
    for (let i = 0; i < 6; i++) students.push(await f.user('student'));
    rowing = await f.organization(host, { name: 'Rowing', admin });
    chess = await f.organization(rival, { name: 'Chess', admin });
    const cleanup = await f.opportunity(
      host,
      rowing.id,
      { date: '2026-03-10', duration: 90 },
      admin,
    );
    const drive = await f.opportunity(rival, chess.id, { date: '2026-03-20', duration: 60 }, admin);
    for (const student of students) await f.signUp(student, cleanup);
    for (const student of students.slice(1)) await f.signUp(student, drive);
    // 14:00 Eastern on March 10.
    stack.clock.set('2026-03-10T18:00:00.000Z');
    await f.markAttendance(host, cleanup, students.slice(0, 5), 90);
    stack.clock.set('2026-03-16T15:00:00.000Z');
    const log = await f.logHours(students[0] as TestAccount, rowing.id, {
      date: '2026-03-15',
      minutes: 45,
    });
    await f.decideHours(host, log, 'approve');
    // March 21, 10:00 Eastern.
    stack.clock.set('2026-03-21T14:00:00.000Z');
    await f.markAttendance(rival, drive, students.slice(1), 60);
    stack.clock.set('2026-04-02T15:00:00.000Z');
  });
  afterAll(async () => {
    await workers.close();
    await stack.stop();
    await queues.reports.obliterate({ force: true });
    await queues.close();
    queuesRedis.disconnect();
    await rm(reportsDir, { recursive: true, force: true });
  });

  it('shows an admin every organization, from the launch date to today by default', async () => {
    const d = await dashboard('', admin);
    expect(d).toMatchObject({
      from: stack.config.LAUNCH_DATE,
      to: '2026-04-02',
      as_of: null,
      organization: null,
    });
    // 5 x 90 + 45 + 5 x 60.
    expect(d.totals).toEqual({ minutes: 795, volunteers: 6, returning_volunteers: 5 });
    expect(d.no_show).toEqual({ attendances: 2, registered: 11, no_shows: 1, rate: 1 / 11 });
    expect(d.organizations.rows.map((r) => [r.label, r.minutes, r.volunteers])).toEqual([
      ['Rowing', 495, 5],
      ['Chess', 300, 5],
    ]);
    // Nobody gave an academic level at registration.
    expect(d.academic_levels.rows).toEqual([
      {
        key: null,
        label: impactTexts.rows.levelNotGiven,
        kind: 'none',
        minutes: 795,
        volunteers: 6,
      },
    ]);
  });

  it('shows a host the organization they host, and nothing else', async () => {
    const own = await dashboard(`organization_id=${rowing.id}`, host);
    expect(own.organization).toEqual({ id: rowing.id, name: 'Rowing' });
    // Only the student who also logged hours served Rowing twice: too few to show.
    expect(own.totals).toEqual({ minutes: 495, volunteers: 5, returning_volunteers: null });
    expect(own.organizations.rows.map((r) => r.key)).toEqual([rowing.id]);
    expect(own.top_opportunities.rows.map((r) => r.organization_name)).toEqual(['Rowing']);
    expect(JSON.stringify(own)).not.toContain('Chess');

    for (const [query, who] of [
      [`organization_id=${chess.id}`, host],
      ['', host],
      [`organization_id=${randomUUID()}`, host],
      [`organization_id=${rowing.id}`, students[0]],
      [`organization_id=${rowing.id}`, rival],
      ['', students[0]],
    ] as const) {
      const { status, body } = await refusal(`/api/impact?${query}`, who as TestAccount);
      expect(status, query).toBe(403);
      expect(body.detail).toBe(impactTexts.errors.notHost);
    }
    expect((await refusal(`/api/impact?organization_id=${rowing.id}`, null)).status).toBe(401);
    // An admin asking for an organization that does not exist.
    expect((await refusal(`/api/impact?organization_id=${randomUUID()}`, admin)).status).toBe(404);
  });

  it('refuses bad parameters with 400 naming each', async () => {
    for (const [query, fields] of [
      ['from=2026-02-30', ['from']],
      ['from=2026-03-20&to=2026-03-01', ['to']],
      ['as_of=yesterday&organization_id=42', ['as_of', 'organization_id']],
      ['orgnization_id=x', ['orgnization_id']],
      ['from=2026-03-01&from=2026-03-02', ['from']],
      // `to` defaults to as_of: March 1 to February 1 is no range.
      ['from=2026-03-01&as_of=2026-02-01', ['from']],
    ] as const) {
      const { status, body } = await refusal(`/api/impact?${query}`, admin);
      expect(status, query).toBe(400);
      expect(body.errors?.map((e) => e.field).sort(), query).toEqual([...fields]);
    }
  });

  it('counts the service dated in the range, both ends included', async () => {
    const late = await dashboard('from=2026-03-15&to=2026-03-20', admin);
    // The log (March 15) and the drive (March 20): 6 people.
    expect(late.totals).toEqual({ minutes: 345, volunteers: 6, returning_volunteers: 0 });
    expect(late.no_show).toMatchObject({ attendances: 1, registered: 5, no_shows: 0, rate: 0 });
    const early = await dashboard('from=2026-03-01&to=2026-03-10', admin);
    expect(early.totals).toEqual({ minutes: 450, volunteers: 5, returning_volunteers: 0 });
    // The widest range and day a date parameter takes.
    const widest = await dashboard('from=0100-01-01&to=9998-12-31&as_of=9998-12-31', admin);
    expect(widest.totals.minutes).toBe(795);
  });

  it('stands as of the end of an Eastern day, like the boards', async () => {
    const d = await dashboard('as_of=2026-03-20', admin);
    // The drive was marked on March 21: not yet; the log was approved on March 16.
    expect(d).toMatchObject({ to: '2026-03-20', as_of: '2026-03-20' });
    expect(d.as_of_instant).toBe('2026-03-21T04:00:00.000Z');
    expect(d.totals).toEqual({ minutes: 495, volunteers: 5, returning_volunteers: null });
    const earlier = await dashboard(`as_of=2026-03-10&organization_id=${rowing.id}`, host);
    expect(earlier.totals.minutes).toBe(450);
  });

  it("gives a host a CSV of their organization's table only", async () => {
    const path = `/api/impact/csv?table=organizations&from=2026-03-01&to=2026-03-31&organization_id=${rowing.id}`;
    const response = await stack.read(path, host.token);
    expect(response.status, response.text).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toContain(
      `impact_organizations_2026-03-01_to_2026-03-31_organization_${rowing.id.slice(0, 8)}.csv`,
    );
    expect(lines(response.text)).toEqual([
      'organization_id,label,minutes,hours,volunteers',
      `${rowing.id},Rowing,495,8.3,5`,
    ]);
    const other = await refusal(
      `/api/impact/csv?table=organizations&from=2026-03-01&to=2026-03-31&organization_id=${chess.id}`,
      host,
    );
    expect(other.status).toBe(403);
    const missing = await refusal('/api/impact/csv?table=nope', admin);
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.field).sort()).toEqual(['from', 'table', 'to']);
  });

  it("builds an admin's CSV through the report jobs, with progress", async () => {
    const accepted = await stack.command(
      'post',
      '/api/reports',
      admin.token,
      marchReport('months', null),
    );
    expect(accepted.status, accepted.text).toBe(202);
    const { job_id: id } = jobAcceptedSchema.parse(accepted.body);
    expect(id).toMatch(/^impact-months-2026-03-01-to-2026-03-31-as-of-now-organization-all-at-/);
    let status = reportStatusSchema.parse(
      (await stack.read(`/api/reports/${id}`, admin.token)).body,
    );
    await expect
      .poll(
        async () => {
          status = reportStatusSchema.parse(
            (await stack.read(`/api/reports/${id}`, admin.token)).body,
          );
          return status.state;
        },
        { timeout: 15_000 },
      )
      .toBe('completed');
    expect(status.progress).toBe(100);
    const file = await stack.read(`/api/reports/${id}/file`, admin.token);
    expect(file.status).toBe(200);
    expect(lines(file.text)).toEqual([
      'month,label,minutes,hours,volunteers',
      '2026-03,March 2026,795,13.3,6',
    ]);
  });

  it("builds a host's CSV of their organization through the report jobs, and shows it to no one else", async () => {
    const report = marchReport('months', rowing.id);
    const accepted = await stack.command('post', '/api/reports', host.token, report);
    expect(accepted.status, accepted.text).toBe(202);
    const { job_id: id } = jobAcceptedSchema.parse(accepted.body);
    const state = async (account: TestAccount) => {
      const response = await stack.read(`/api/reports/${id}`, account.token);
      return response.status === 200
        ? reportStatusSchema.parse(response.body).state
        : response.status;
    };
    // Seen while it runs and once built.
    await expect.poll(() => state(host), { timeout: 15_000 }).toBe('completed');
    const file = await stack.read(`/api/reports/${id}/file`, host.token);
    expect(file.status).toBe(200);
    expect(lines(file.text)).toEqual([
      'month,label,minutes,hours,volunteers',
      '2026-03,March 2026,495,8.3,5',
    ]);
    // Another organization's host, a student: as if there were no such report; an admin sees it.
    for (const who of [rival, students[0] as TestAccount]) {
      expect(await state(who)).toBe(404);
      expect((await refusal(`/api/reports/${id}/file`, who)).status).toBe(404);
    }
    expect(await state(admin)).toBe('completed');

    // Every organization, another organization, another kind of report: refused.
    for (const [body, detail] of [
      [{ ...report, organization_id: undefined }, impactTexts.errors.notHost],
      [{ ...report, organization_id: chess.id }, impactTexts.errors.notHost],
      [{ kind: 'users' }, texts.auth.adminsOnly],
    ] as const) {
      const refused = await stack.command('post', '/api/reports', host.token, body);
      expect(refused.status, JSON.stringify(body)).toBe(403);
      expect((refused.body as Problem).detail).toBe(detail);
    }
    const student = await stack.command(
      'post',
      '/api/reports',
      (students[0] as TestAccount).token,
      report,
    );
    expect(student.status).toBe(403);

    // An admin's report of every organization is not a host's to see.
    const all = await stack.command('post', '/api/reports', admin.token, {
      ...report,
      organization_id: undefined,
    });
    const allId = jobAcceptedSchema.parse(all.body).job_id;
    expect((await refusal(`/api/reports/${allId}`, host)).status).toBe(404);
  });

  it('refuses a host more report files than the hourly allowance, not an admin', async () => {
    const report = marchReport('summary', chess.id);
    // Files the rival asked for within the hour, recorded as the report jobs record them (rather
    // than built one by one).
    await stack.db.pool.query(
      `INSERT INTO read.report_files (id, kind, file_name, path, position, row_count, byte_size,
          requested_by, organization_id)
       SELECT 'test-cap-' || n, 'impact', 'f.csv', 'f.csv', '0.0', 0, 0, $1::uuid, $2::uuid
         FROM generate_series(1, $3::int) AS n`,
      [rival.userId, chess.id, IMPACT_REPORTS_PER_HOUR - 1],
    );
    const last = await stack.command('post', '/api/reports', rival.token, report);
    expect(last.status, last.text).toBe(202);
    await expect
      .poll(
        async () => {
          const { rows } = await stack.db.pool.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM read.report_files WHERE requested_by = $1::uuid',
            [rival.userId],
          );
          return rows[0]?.n;
        },
        { timeout: 15_000 },
      )
      .toBe(IMPACT_REPORTS_PER_HOUR);
    const refused = await stack.command('post', '/api/reports', rival.token, {
      ...report,
      table: 'months',
    });
    expect(refused.status).toBe(429);
    expect((refused.body as Problem).detail).toBe(impactTexts.errors.tooManyReports);
    const admins = await stack.command('post', '/api/reports', admin.token, report);
    expect(admins.status).toBe(202);
  });
});
