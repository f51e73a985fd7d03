import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, requestReportSchema, type RequestReportBody } from '@campus/contracts';
import { TEST_REDIS_URL } from '@campus/infra/testing';
import {
  createJobQueues,
  enqueueReport,
  reportDownload,
  reportStatus,
  type JobQueues,
} from '@campus/read-model';
import {
  attendanceMarked,
  opportunityCreated,
  organizationCreated,
  signedUp,
  userRegistered,
  type TestEvent,
} from '../../testing/events';
import { createProjectionHarness, type ProjectionHarness } from '../../testing/harness';
import { startJobWorkers, type JobWorkers } from '../workers';

/**
 * The impact dashboard's tables as report jobs (docs/impact.md): the same rows as the dashboard,
 * k-anonymity included, one organization's only when asked, with progress.
 */
describe('impact report jobs (real Redis and Postgres)', () => {
  let h: ProjectionHarness;
  let queues: JobQueues;
  let workers: JobWorkers;
  let reportsDir = '';
  let admin = '';
  let garden = '';
  let library = '';
  let chess = '';
  const prefix = `test-impact-reports-${randomBytes(4).toString('hex')}`;

  /** A report asked for as POST /api/reports takes it: the body parsed by its schema. */
  const built = async (body: RequestReportBody) => {
    const request = requestReportSchema.parse(body);
    const { job_id: id } = await enqueueReport(queues, h.pool, request, admin);
    const state = async () => {
      const status = await reportStatus(queues, h.pool, id, (i) => `/dl/${i}`);
      return status?.state === 'failed' ? `failed: ${String(status.failed_reason)}` : status?.state;
    };
    await expect.poll(state, { timeout: 10_000 }).toBe('completed');
    const status = await reportStatus(queues, h.pool, id, (i) => `/dl/${i}`);
    const download = await reportDownload(h.pool, reportsDir, id);
    if (!status?.file || !download) throw new Error(`report ${id} has no file`);
    const text = await readFile(download.path, 'utf8');
    return {
      id,
      status,
      download,
      text,
      rows: parse<Record<string, string>>(text, { columns: true }),
    };
  };

  const range = { from: '2026-03-01', to: '2026-03-31' } as const;

  beforeAll(async () => {
    h = await createProjectionHarness('impact-reports');
    const levels = [
      ...Array<string>(5).fill('Senior'),
      'Junior',
      'Junior',
      ...Array<string>(3).fill('Graduate'),
      ...Array<string>(5).fill('Freshman'),
    ];
    const people = await Promise.all(
      levels.map(async (academicLevel, i) => {
        const e = await userRegistered(h.vault, { email: `p${String(i)}@u.edu` });
        const event: TestEvent = {
          ...e,
          event: { ...e.event, data: { ...(e.event.data as object), academicLevel } },
        };
        return { userId: e.userId, event };
      }),
    );
    const host = await userRegistered(h.vault, { admin: true, email: 'host@u.edu' });
    admin = host.userId;
    const gardenEvent = organizationCreated({ hostUserId: admin, name: 'Garden Club' });
    const libraryEvent = organizationCreated({ hostUserId: admin, name: 'Library Friends' });
    garden = gardenEvent.organizationId;
    library = libraryEvent.organizationId;
    const weeding = opportunityCreated({
      hostUserId: admin,
      hostOrgId: garden,
      name: 'Weeding',
      date: '2026-03-07',
    });
    const reading = opportunityCreated({
      hostUserId: admin,
      hostOrgId: library,
      name: 'Reading hour',
      date: '2026-03-14',
      causes: ['Education'],
    });
    const chessEvent = organizationCreated({ hostUserId: admin, name: 'Chess Club' });
    const lessons = opportunityCreated({
      hostUserId: admin,
      hostOrgId: chessEvent.organizationId,
      name: 'Chess lessons',
      date: '2026-04-04',
      causes: ['Education', 'Other'],
    });
    chess = chessEvent.organizationId;
    const ids = people.map((p) => p.userId);
    // Weeding: the first 10 present, one more registered who did not come; reading: the 5
    // freshmen.
    const gardeners = ids.slice(0, 10);
    const readers = ids.slice(10, 15);
    await h.append(
      ...people.map((p) => p.event),
      host,
      gardenEvent,
      libraryEvent,
      weeding,
      reading,
      ...[...gardeners, ids[10] as string].map((u) => signedUp(weeding.opportunityId, u)),
      ...readers.map((u) => signedUp(reading.opportunityId, u)),
      chessEvent,
      lessons,
      ...gardeners.slice(0, 3).map((u) => signedUp(lessons.opportunityId, u)),
      attendanceMarked({
        opportunityId: lessons.opportunityId,
        markedBy: admin,
        opportunityDate: '2026-04-04',
        durationMinutes: 45,
        attended: gardeners.slice(0, 3),
        at: '2026-04-04T20:00:00.000Z',
      }),
      attendanceMarked({
        opportunityId: weeding.opportunityId,
        markedBy: admin,
        opportunityDate: '2026-03-07',
        durationMinutes: 60,
        attended: gardeners,
        at: '2026-03-07T20:00:00.000Z',
      }),
      attendanceMarked({
        opportunityId: reading.opportunityId,
        markedBy: admin,
        opportunityDate: '2026-03-14',
        durationMinutes: 30,
        attended: readers,
        at: '2026-03-14T20:00:00.000Z',
      }),
    );
    await h.project();
    reportsDir = await mkdtemp(join(tmpdir(), 'campus-impact-reports-'));
    queues = createJobQueues({ connection: h.redis, prefix });
    workers = await startJobWorkers({
      ...h.workerDeps,
      redisUrl: TEST_REDIS_URL,
      prefix,
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

  it('writes a breakdown as its rows, groups under 5 people merged, with its progress', async () => {
    const { id, status, download, rows, text } = await built({
      kind: 'impact',
      table: 'academic-levels',
      ...range,
      organization_id: garden,
    });
    expect(id).toMatch(
      new RegExp(
        `^impact-academic-levels-2026-03-01-to-2026-03-31-as-of-now-organization-${garden}-at-\\d+\\.\\d+$`,
      ),
    );
    expect(download.fileName).toBe(
      `impact_academic-levels_2026-03-01_to_2026-03-31_organization_${garden.slice(0, 8)}.csv`,
    );
    expect(status.progress).toBe(100);
    expect(text.split('\n')[0]).toBe('academic_level,label,minutes,hours,volunteers');
    // 2 Juniors and 3 Graduates: neither level shows apart, together they are 5.
    expect(rows).toEqual([
      { academic_level: 'Senior', label: 'Senior', minutes: '300', hours: '5.0', volunteers: '5' },
      {
        academic_level: '',
        label: 'Smaller groups combined',
        minutes: '300',
        hours: '5.0',
        volunteers: '5',
      },
    ]);
    expect(text).not.toMatch(/Junior|Graduate|Freshman/);
  });

  it("holds one organization's service only when asked, every organization's otherwise", async () => {
    const one = await built({
      kind: 'impact',
      table: 'organizations',
      ...range,
      organization_id: library,
    });
    expect(one.rows).toEqual([
      {
        organization_id: library,
        label: 'Library Friends',
        minutes: '150',
        hours: '2.5',
        volunteers: '5',
      },
    ]);
    const all = await built({ kind: 'impact', table: 'organizations', ...range });
    expect(all.download.fileName).toBe('impact_organizations_2026-03-01_to_2026-03-31.csv');
    expect(all.rows.map((r) => [r['label'], r['minutes'], r['volunteers']])).toEqual([
      ['Garden Club', '600', '10'],
      ['Library Friends', '150', '5'],
    ]);
  });

  it('counts a service of two merged causes once in the merged row', async () => {
    const causes = await built({
      kind: 'impact',
      table: 'causes',
      from: '2026-03-01',
      to: '2026-04-30',
    });
    // Other (the 3 chess pupils) is too small alone; the smallest cause shown, Education (5
    // readers and the same 3 pupils), joins it: 5 x 30 + 3 x 45 minutes, not the pupils' 45
    // minutes twice.
    expect(causes.rows).toEqual([
      {
        cause: 'Environment & Sustainability',
        label: 'Environment & Sustainability',
        minutes: '600',
        hours: '10.0',
        volunteers: '10',
      },
      {
        cause: '',
        label: 'Smaller groups combined',
        minutes: '285',
        hours: '4.8',
        volunteers: '8',
      },
    ]);
  });

  it('writes the summary and the top opportunities as the dashboard shows them', async () => {
    const summary = await built({ kind: 'impact', table: 'summary', ...range });
    expect(summary.rows).toEqual([
      { measure: 'Service minutes', value: '750' },
      { measure: 'Service hours', value: '12.5' },
      { measure: 'Unique volunteers', value: '15' },
      { measure: 'Returning volunteers', value: '0' },
      { measure: 'Attendances marked', value: '2' },
      // 1 of 16 registrations did not show.
      { measure: 'No-show rate', value: '0.063' },
    ]);
    const top = await built({ kind: 'impact', table: 'opportunities', ...range });
    expect(
      top.rows.map((r) => [r['rank'], r['opportunity'], r['organization'], r['minutes']]),
    ).toEqual([
      ['1', 'Weeding', 'Garden Club', '600'],
      ['2', 'Reading hour', 'Library Friends', '150'],
    ]);
  });

  it('writes "Fewer than 5 people" where the dashboard hides a figure', async () => {
    // The chess lessons: 3 people.
    const hidden = await built({
      kind: 'impact',
      table: 'summary',
      from: '2026-04-01',
      to: '2026-04-30',
      organization_id: chess,
    });
    expect(hidden.rows.map((r) => r['value'])).toEqual([
      'Fewer than 5 people',
      'Fewer than 5 people',
      'Fewer than 5 people',
      'Fewer than 5 people',
      '1',
      'Fewer than 5 people',
    ]);
    const months = await built({
      kind: 'impact',
      table: 'months',
      from: '2026-04-01',
      to: '2026-04-30',
    });
    expect(months.rows).toEqual([]);
    // As of March 6 nothing was recorded: nobody, and nothing to hide.
    const before = await built({ kind: 'impact', table: 'summary', ...range, as_of: '2026-03-06' });
    expect(before.id).toMatch(
      /^impact-summary-2026-03-01-to-2026-03-31-as-of-2026-03-06-organization-all-at-/,
    );
    expect(before.rows.map((r) => r['value'])).toEqual(['0', '0.0', '0', '0', '0', '']);
  });
});
