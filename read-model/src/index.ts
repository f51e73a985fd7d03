/**
 * The read model's shared face, below the services: its schemas and visible position, the job
 * queues (names, ids, payloads, results) with enqueueing and job states, the reports (definitions,
 * CSV streaming, files) and each projection's status. The projection worker writes the read model
 * and runs the jobs; the command and query services enqueue and read through this package.
 */
export {
  LIVE_SCHEMA,
  SHADOW_SCHEMA,
  useReadSchema,
  withReadTransaction,
  type ReadSchema,
} from './read-schema';
export { readModelPosition } from './read-position';
export { PROJECTION_NAMES, REPLAY_ALL } from './projections';
export {
  createJobQueues,
  JOB_RETENTION,
  REPLAY_QUEUE,
  REPORTS_QUEUE,
  reportIdOf,
  SCORING_PREVIEW_QUEUE,
  type JobQueues,
  type ReplayJobData,
  type ReplayJobProgress,
  type ReplayJobResult,
  type ReportJobData,
  type ReportJobResult,
  type ScoringPreviewJobData,
  type ScoringPreviewJobProgress,
  type ScoringPreviewJobResult,
} from './jobs/queues';
export { enqueueReplay, replayStatus } from './jobs/replay-status';
export { enqueueScoringPreview, scoringPreviewStatus } from './jobs/scoring-preview-status';
export { reportFileName, type ReportRequest } from './reports/report-definitions';
export { streamReport, type ReportProgress } from './reports/stream-report';
export {
  enqueueReport,
  reportDownload,
  reportStatus,
  reportSubject,
} from './reports/report-service';
export {
  hostsOrganization,
  mayAccessReport,
  reportsBuiltInLastHour,
  type ReportSubject,
} from './reports/report-access';
export { impactDashboard, type ImpactScope } from './reports/impact';
export { readProjectionStatus } from './projection-status';
