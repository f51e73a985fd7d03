import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, TIME_ZONE } from '@campus/contracts';
import { TEST_REDIS_URL } from '@campus/infra/testing';
import {
  createJobQueues,
  enqueueReport,
  reportDownload,
  reportStatus,
  type JobQueues,
} from '@campus/read-model';
import { attendanceMarked, opportunityCreated, userRegistered } from '../../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';
import { seedHistory, type SeededHistory } from '../../testing/history';
import { startJobWorkers, type JobWorkers } from '../workers';
import { NIGHTLY_PATTERN, NIGHTLY_SERVICE_DATA } from './report-job';

describe('report jobs on the reports queue (real Redis): files, ids, progress, nightly', () => {
  let h: ProjectionHarness;
  let seeded: SeededHistory;
  let queues: JobQueues;
  let workers: JobWorkers;
  let reportsDir = '';
  const prefix = `test-reports-${randomBytes(4).toString('hex')}`;

  const finished = async (id: string) => {
    await expect
      .poll(async () => (await reportStatus(queues, h.pool, id, (i) => `/dl/${i}`))?.state, {
        timeout: 10_000,
      })
      .toBe('completed');
    const status = await reportStatus(queues, h.pool, id, (i) => `/dl/${i}`);
    const download = await reportDownload(h.pool, reportsDir, id);
    if (!status?.file || !download) throw new Error(`report ${id} has no file`);
    const text = await readFile(download.path, 'utf8');
    return {
      status,
      download,
      text,
      rows: parse<Record<string, string>>(text, { columns: true }),
    };
  };

  beforeAll(async () => {
    h = await createProjectionHarness('reports');
    seeded = await seedHistory(h);
    await h.project();
    reportsDir = await mkdtemp(join(tmpdir(), 'campus-reports-'));
    queues = createJobQueues({ connection: h.redis, prefix });
    workers = await startJobWorkers({
      redisUrl: TEST_REDIS_URL,
      prefix,
      store: h.store,
      pool: h.pool,
      vault: h.vault,
      logger: h.logger,
      redis: h.redis,
      keyPrefix: h.prefix,
      reportsDir,
      clock: manualClock('2026-04-15T16:00:00.000Z'),
    });
  });
  afterAll(async () => {
    await workers.close();
    await queues.reports.obliterate({ force: true });
    await queues.replay.obliterate({ force: true });
    await queues.close();
    await h.close();
    await rm(reportsDir, { recursive: true, force: true });
  });

  it('builds the service data of a range: one row per attended participation', async () => {
    const accepted = await enqueueReport(
      queues,
      h.pool,
      { kind: 'service-data', start_date: '2026-03-01', end_date: '2026-04-30' },
      seeded.hal,
    );
    expect(accepted.job_id).toMatch(/^service-data-2026-03-01-to-2026-04-30-at-\d+\.\d+$/);
    const { status, download, rows, text } = await finished(accepted.job_id);
    expect(download.fileName).toBe('service_data_2026-03-01_to_2026-04-30.csv');
    expect(status.progress).toBe(100);
    expect(status.file).toMatchObject({ rows: 4, bytes: Buffer.byteLength(text) });
    expect(text.split('\n')[0]).toBe('student_name,email,opportunity,organization,date,minutes');
    // The first-signup bonus is points, not service time: only attendance lines.
    expect(rows).toEqual([
      {
        student_name: 'Ada Lovelace',
        email: 'ada@university.edu',
        opportunity: 'River cleanup',
        organization: 'Rowing',
        date: '2026-03-31',
        minutes: '90',
      },
      {
        student_name: 'Ben Lovelace',
        email: 'ben@university.edu',
        opportunity: 'River cleanup',
        organization: 'Rowing',
        date: '2026-03-31',
        minutes: '90',
      },
      {
        student_name: 'Cy Lovelace',
        email: 'cy@university.edu',
        opportunity: 'Food bank',
        organization: 'Dance',
        date: '2026-04-02',
        minutes: '30',
      },
      {
        student_name: 'Dee Lovelace',
        email: 'dee@university.edu',
        opportunity: 'Food bank',
        organization: 'Dance',
        date: '2026-04-02',
        minutes: '30',
      },
    ]);
  });

  it('is one job for a double click, and a fresh file after new events', async () => {
    const request = { kind: 'users' } as const;
    const [a, b] = await Promise.all([
      enqueueReport(queues, h.pool, request, seeded.hal),
      enqueueReport(queues, h.pool, request, seeded.hal),
    ]);
    expect(a.job_id).toBe(b.job_id);
    const first = await finished(a.job_id);
    expect(first.download.fileName).toBe('users.csv');
    expect(first.rows.map((r) => r['first_name'])).toEqual(['Ada', 'Ben', 'Cy', 'Dee', 'Hal']);
    expect(first.rows[0]).toMatchObject({
      email: 'ada@university.edu',
      points: '95',
      hours: '1.6',
    });
    // Asked again with nothing new: the same, already built report.
    expect(await enqueueReport(queues, h.pool, request, seeded.hal)).toEqual({
      job_id: a.job_id,
      state: 'completed',
    });
    const counts = await queues.reports.getJobCounts('completed', 'waiting', 'active');
    expect(counts['completed']! + counts['waiting']! + counts['active']!).toBe(2);

    await h.append(await userRegistered(h.vault, { firstName: 'Zed', lastName: 'Zulu' }));
    await h.project();
    const later = await enqueueReport(queues, h.pool, request, seeded.hal);
    expect(later.job_id).not.toBe(a.job_id);
    expect((await finished(later.job_id)).rows).toHaveLength(6);
  });

  it('escapes cells that a spreadsheet would run as formulas', async () => {
    const mallory = await userRegistered(h.vault, {
      firstName: '=HYPERLINK("http://evil.example","x")',
      lastName: 'Smith',
      email: 'mallory@university.edu',
      phone: '+15551234567',
    });
    const opportunity = opportunityCreated({
      hostUserId: seeded.hal,
      name: '@SUM(1+1)',
      date: '2026-04-10',
    });
    await h.append(
      mallory,
      opportunity,
      attendanceMarked({
        opportunityId: opportunity.opportunityId,
        markedBy: seeded.hal,
        opportunityDate: '2026-04-10',
        durationMinutes: 60,
        attended: [mallory.userId],
      }),
    );
    await h.project();
    const service = await enqueueReport(
      queues,
      h.pool,
      { kind: 'service-data', start_date: '2026-04-10', end_date: '2026-04-10' },
      seeded.hal,
    );
    const { rows } = await finished(service.job_id);
    expect(rows).toEqual([
      {
        student_name: `'=HYPERLINK("http://evil.example","x") Smith`,
        email: 'mallory@university.edu',
        opportunity: "'@SUM(1+1)",
        organization: 'Green Town',
        date: '2026-04-10',
        minutes: '60',
      },
    ]);
    const users = await enqueueReport(queues, h.pool, { kind: 'users' }, seeded.hal);
    const malloryRow = (await finished(users.job_id)).rows.find(
      (r) => r['email'] === 'mallory@university.edu',
    );
    expect(malloryRow).toMatchObject({
      first_name: `'=HYPERLINK("http://evil.example","x")`,
      phone: "'+15551234567",
    });
    const opportunities = await enqueueReport(
      queues,
      h.pool,
      { kind: 'opportunities' },
      seeded.hal,
    );
    const built = await finished(opportunities.job_id);
    expect(built.download.fileName).toBe('opportunities.csv');
    expect(built.rows.find((r) => r['id'] === opportunity.opportunityId)).toMatchObject({
      name: "'@SUM(1+1)",
      attended: '0',
      approved: 'true',
    });
  });

  it('regenerates the current month’s service data every night', async () => {
    const scheduler = await queues.reports.getJobScheduler(NIGHTLY_SERVICE_DATA);
    expect(scheduler).toMatchObject({ pattern: NIGHTLY_PATTERN, tz: TIME_ZONE });
    // What the scheduler's job does, run now: the Eastern month so far (clock: 2026-04-15).
    const job = await queues.reports.add('service-data', {
      kind: 'service-data',
      range: 'current-month',
    });
    await expect.poll(() => job.getState(), { timeout: 10_000 }).toBe('completed');
    const result = (await queues.reports.getJob(job.id ?? ''))?.returnvalue;
    if (!result) throw new Error('the nightly job returned nothing');
    expect(result.fileName).toBe('service_data_2026-04-01_to_2026-04-15.csv');
    expect(result.reportId).toMatch(/^service-data-2026-04-01-to-2026-04-15-at-/);
    const { rows } = await finished(result.reportId);
    expect(rows.map((r) => r['date'])).toEqual(['2026-04-02', '2026-04-02', '2026-04-10']);
  });
});
