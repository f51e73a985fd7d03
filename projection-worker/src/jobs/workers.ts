import { Worker, type Job } from 'bullmq';
import { TIME_ZONE } from '@campus/contracts';
import {
  AppError,
  createJobWorkerRedisClient,
  describeError,
  type RedisClient,
} from '@campus/infra';
import {
  createJobQueues,
  JOB_RETENTION,
  REPLAY_QUEUE,
  REPORTS_QUEUE,
  SCORING_PREVIEW_QUEUE,
  type ScoringPreviewJobData,
  type ScoringPreviewJobResult,
  type ReplayJobData,
  type ReplayJobResult,
  type ReportJobData,
  type ReportJobResult,
} from '@campus/read-model';
import { replayProcessor, type ReplayJobDeps } from './replay/replay-job';
import { scoringPreviewProcessor } from './scoring-preview/scoring-preview-job';
import {
  NIGHTLY_PATTERN,
  NIGHTLY_SERVICE_DATA,
  reportProcessor,
  type ReportJobDeps,
} from './reports/report-job';

/**
 * A failed job keeps its error's scrubbed line only: BullMQ stores the message and stack in Redis
 * and the operations routes show them, and a pg message or stack may quote row values.
 */
const withScrubbedFailure =
  <T, R>(processor: (job: Job<T, R>) => Promise<R>) =>
  async (job: Job<T, R>): Promise<R> => {
    try {
      return await processor(job);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const safe = new Error(describeError(error));
      safe.stack = safe.message;
      throw safe;
    }
  };

export type JobWorkersOptions = ReplayJobDeps &
  ReportJobDeps & {
    /** Redis for BullMQ (each worker opens its own connections to it). */
    readonly redisUrl: string;
    /** BullMQ's key prefix. */
    readonly prefix: string;
  };

/**
 * The projection worker's BullMQ workers: `reports` (two at a time) and `replay` (one at a time;
 * a second replay anywhere waits on its lock and fails as a conflict), and the repeatable nightly
 * job regenerating the current month's service data.
 */
export const startJobWorkers = async (options: JobWorkersOptions) => {
  const { prefix, logger } = options;
  // BullMQ leaves connections it was given open: they are closed here after the workers.
  const connections: RedisClient[] = [];
  const connection = () => {
    const client = createJobWorkerRedisClient(options.redisUrl);
    client.on('error', (error: unknown) => logger.warn({ err: error }, 'jobs redis error'));
    connections.push(client);
    return client;
  };
  const reports = new Worker<ReportJobData, ReportJobResult>(
    REPORTS_QUEUE,
    withScrubbedFailure(reportProcessor(options)),
    { connection: connection(), prefix, concurrency: 2 },
  );
  const replay = new Worker<ReplayJobData, ReplayJobResult>(
    REPLAY_QUEUE,
    withScrubbedFailure(replayProcessor(options)),
    { connection: connection(), prefix, concurrency: 1, lockDuration: 60_000 },
  );
  const scoringPreview = new Worker<ScoringPreviewJobData, ScoringPreviewJobResult>(
    SCORING_PREVIEW_QUEUE,
    withScrubbedFailure(scoringPreviewProcessor(options)),
    { connection: connection(), prefix, concurrency: 1, lockDuration: 60_000 },
  );
  for (const worker of [reports, replay, scoringPreview]) {
    worker.on('failed', (job, error) =>
      logger.error({ err: error, queue: worker.name, jobId: job?.id }, 'job failed'),
    );
    worker.on('error', (error) => logger.warn({ err: error, queue: worker.name }, 'worker error'));
  }
  const queues = createJobQueues({ connection: connection(), prefix });
  await queues.reports.upsertJobScheduler(
    NIGHTLY_SERVICE_DATA,
    { pattern: NIGHTLY_PATTERN, tz: TIME_ZONE },
    {
      name: 'service-data',
      data: { kind: 'service-data', range: 'current-month' },
      opts: JOB_RETENTION,
    },
  );
  return {
    reports,
    replay,
    scoringPreview,
    queues,
    close: async () => {
      await Promise.all([reports.close(), replay.close(), scoringPreview.close()]);
      await queues.close();
      for (const client of connections) client.disconnect();
    },
  };
};
export type JobWorkers = Awaited<ReturnType<typeof startJobWorkers>>;
