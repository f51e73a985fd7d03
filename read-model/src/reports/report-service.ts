import { join, resolve } from 'node:path';
import type {
  JobAccepted,
  JobState,
  ReportKind,
  ReportStatus,
  RequestReport,
} from '@campus/contracts';
import type { Pool } from '@campus/infra';
import { reportIdOf, type JobQueues } from '../jobs/queues';
import { readModelPosition } from '../read-position';
import { LIVE_SCHEMA, withReadTransaction } from '../read-schema';
import type { ReportSubject } from './report-access';
import type { ReportRequest } from './report-definitions';

/** What the services call: enqueue a report, see its state, find its file. */

const toReportRequest = (body: RequestReport): ReportRequest => {
  switch (body.kind) {
    case 'service-data':
      return { kind: body.kind, start: body.start_date, end: body.end_date };
    case 'impact':
      return {
        kind: body.kind,
        table: body.table,
        from: body.from,
        to: body.to,
        asOf: body.as_of,
        organizationId: body.organization_id,
      };
    default:
      return { kind: body.kind };
  }
};

type ReportFileRow = {
  id: string;
  kind: ReportKind;
  organization_id: string | null;
  file_name: string;
  path: string;
  position: string;
  row_count: number;
  byte_size: string;
  created_at: Date;
};

const findReportFile = async (pool: Pool, id: string): Promise<ReportFileRow | null> => {
  const { rows } = await withReadTransaction(pool, LIVE_SCHEMA, (client) =>
    client.query<ReportFileRow>(
      `SELECT id, kind, organization_id::text, file_name, path, position, row_count,
              byte_size::text, created_at
         FROM report_files WHERE id = $1`,
      [id],
    ),
  );
  return rows[0] ?? null;
};

/**
 * Enqueues a report job whose id is derived from the request and the read model's position: a
 * repeat before new events is the same job (or the file already built), a repeat after is a new one.
 */
export const enqueueReport = async (
  queues: JobQueues,
  pool: Pool,
  body: RequestReport,
  requestedBy: string,
): Promise<JobAccepted> => {
  const request = toReportRequest(body);
  const id = reportIdOf(request, await readModelPosition(pool));
  if (await findReportFile(pool, id)) return { job_id: id, state: 'completed' };
  const job = await queues.reports.add(request.kind, { ...request, requestedBy }, { jobId: id });
  return { job_id: id, state: await job.getState() };
};

/** What the report `id` counts (its built file's or its job's); null when neither is known. */
export const reportSubject = async (
  queues: JobQueues | null,
  pool: Pool,
  id: string,
): Promise<ReportSubject | null> => {
  const file = await findReportFile(pool, id);
  if (file) return { kind: file.kind, organizationId: file.organization_id };
  const job = queues ? await queues.reports.getJob(id) : null;
  if (!job) return null;
  const data = job.data;
  return {
    kind: data.kind,
    organizationId: data.kind === 'impact' ? data.organizationId : null,
  };
};

/** A report's job state and progress, and its file once built; null when neither is known. */
export const reportStatus = async (
  queues: JobQueues,
  pool: Pool,
  id: string,
  downloadUrl: (id: string) => string,
): Promise<ReportStatus | null> => {
  const [job, file] = await Promise.all([queues.reports.getJob(id), findReportFile(pool, id)]);
  if (!job && !file) return null;
  const state: JobState = file ? 'completed' : ((await job?.getState()) ?? 'unknown');
  return {
    id,
    state,
    progress: file ? 100 : typeof job?.progress === 'number' ? job.progress : 0,
    failed_reason: job?.failedReason || null,
    file: file
      ? {
          file_name: file.file_name,
          rows: file.row_count,
          bytes: Number(file.byte_size),
          position: file.position,
          created_at: file.created_at.toISOString(),
          download_url: downloadUrl(id),
        }
      : null,
  };
};

/** Where a built report is on disk and the name to download it under; null when unknown. */
export const reportDownload = async (
  pool: Pool,
  reportsDir: string,
  id: string,
): Promise<{ fileName: string; path: string } | null> => {
  const file = await findReportFile(pool, id);
  return file ? { fileName: file.file_name, path: join(resolve(reportsDir), file.path) } : null;
};
