/**
 * The former face of the worker's operations, kept while the whole-stack tests move to
 * `@campus/read-model` (the job queues, enqueueing and job states, reports, projection status).
 */
export {
  createJobQueues,
  enqueueReplay,
  enqueueReport,
  enqueueScoringPreview,
  readProjectionStatus,
  replayStatus,
  reportDownload,
  reportFileName,
  reportStatus,
  scoringPreviewStatus,
  streamReport,
  type JobQueues,
  type ReportRequest,
} from '@campus/read-model';
export { allProjections } from '../projections';
