import type { Job } from 'bullmq';
import { easternToday, monthOf, type Clock } from '@campus/contracts';
import type { Logger, Pool } from '@campus/infra';
import {
  readModelPosition,
  reportIdOf,
  type ReportJobData,
  type ReportJobResult,
  type ReportRequest,
} from '@campus/read-model';
import { buildReportFile } from './build-report';

/** The id of the repeatable job that regenerates the current month's service data. */
export const NIGHTLY_SERVICE_DATA = 'nightly-service-data';
/** Every night at 02:15 Eastern. */
export const NIGHTLY_PATTERN = '15 2 * * *';

export type ReportJobDeps = {
  readonly pool: Pool;
  readonly reportsDir: string;
  readonly clock: Clock;
  readonly logger: Logger;
};

/** The current Eastern month so far: from its 1st to today. */
const currentMonthRange = (clock: Clock): { start: string; end: string } => {
  const today = easternToday(clock.now());
  return { start: `${monthOf(today)}-01`, end: today };
};

const requestOf = (data: ReportJobData, clock: Clock): ReportRequest => {
  if (data.kind === 'impact') {
    const { table, from, to, asOf, organizationId } = data;
    return { kind: data.kind, table, from, to, asOf, organizationId };
  }
  if (data.kind !== 'service-data') return { kind: data.kind };
  return 'range' in data ? { kind: data.kind, ...currentMonthRange(clock) } : data;
};

/** Processes a `reports` job: builds the file, reporting progress in percent. */
export const reportProcessor =
  (deps: ReportJobDeps) =>
  async (job: Job<ReportJobData, ReportJobResult>): Promise<ReportJobResult> => {
    const request = requestOf(job.data, deps.clock);
    // A requested job's id is its report's id; the nightly one names its report when it runs.
    const reportId =
      'range' in job.data || !job.id
        ? reportIdOf(request, await readModelPosition(deps.pool))
        : job.id;
    let reported = -1;
    const result = await buildReportFile({
      pool: deps.pool,
      reportsDir: deps.reportsDir,
      reportId,
      request,
      requestedBy: 'requestedBy' in job.data ? job.data.requestedBy : null,
      onProgress: async (done, total) => {
        const percent = total ? Math.floor((done / total) * 100) : 100;
        if (percent === reported) return;
        reported = percent;
        await job.updateProgress(percent);
      },
    });
    await job.updateProgress(100);
    deps.logger.info({ reportId, rows: result.rows }, 'report built');
    return result;
  };
