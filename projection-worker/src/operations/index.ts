/**
 * What the command and query services use of the worker's operations: the job queues, enqueueing
 * and job states, the CSV code shared with the jobs, projection lag.
 */
export {
  createJobQueues,
  REPLAY_QUEUE,
  REPORTS_QUEUE,
  reportIdOf,
  replayIdOf,
  type JobQueues,
} from '../jobs/queues';
export {
  enqueueReport,
  reportDownload,
  reportStatus,
  toReportRequest,
} from '../jobs/reports/report-service';
export { streamReport } from '../jobs/reports/stream-report';
export { reportFileName, type ReportRequest } from '../jobs/reports/report-definitions';
export { escapeFormula } from '../jobs/reports/csv';
export { enqueueReplay, replayStatus } from '../jobs/replay/replay-job';
export {
  enqueueScoringPreview,
  scoringPreviewStatus,
} from '../jobs/scoring-preview/scoring-preview-job';
export { readProjectionStatus } from './projection-status';
export { allProjections } from '../projections';
