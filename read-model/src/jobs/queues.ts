import { Queue, type JobsOptions } from 'bullmq';
import {
  scoringWith,
  type ImpactTable,
  type ReportKind,
  type ScoringChange,
  type ScoringOverrides,
} from '@campus/contracts';
import type { RedisClient } from '@campus/infra';

export const REPORTS_QUEUE = 'reports';
export const REPLAY_QUEUE = 'replay';
export const SCORING_PREVIEW_QUEUE = 'scoring-preview';

/** Finished jobs are removed by age and count, so a later request may reuse an id. */
export const JOB_RETENTION = {
  removeOnComplete: { age: 24 * 60 * 60, count: 500 },
  removeOnFail: { age: 7 * 24 * 60 * 60, count: 500 },
} as const satisfies JobsOptions;

/** What a report job builds. `current-month`: the nightly job, resolved when it runs. */
export type ReportJobData =
  | { readonly kind: 'users' | 'opportunities'; readonly requestedBy: string | null }
  | {
      readonly kind: 'service-data';
      readonly start: string;
      readonly end: string;
      readonly requestedBy: string | null;
    }
  | { readonly kind: 'service-data'; readonly range: 'current-month' }
  | {
      readonly kind: 'impact';
      readonly table: ImpactTable;
      readonly from: string;
      readonly to: string;
      readonly asOf: string | null;
      readonly organizationId: string | null;
      readonly requestedBy: string | null;
    };

export type ReportJobResult = {
  readonly reportId: string;
  readonly fileName: string;
  readonly rows: number;
  readonly bytes: number;
  readonly position: string;
};

export type ReplayJobData = { readonly projection: string; readonly requestedBy: string | null };

/** A replay's progress, as the worker reports it on the job. */
export type ReplayJobProgress = {
  readonly phase: 'preparing' | 'replaying' | 'boards' | 'catching-up' | 'swapping' | 'done';
  /** Events read from the log so far. */
  readonly events: number;
  /** Events in the log when the replay started (null: the store cannot count them). */
  readonly total: number | null;
  readonly eventsPerSecond: number;
};

export type ReplayJobResult = {
  readonly projections: readonly string[];
  readonly events: number;
  /** The position the swapped-in read model had reached, `<txn>.<seq>`. */
  readonly position: string;
  readonly boards: number;
  readonly durationMs: number;
};

export type ScoringPreviewJobData = {
  readonly overrides: ScoringOverrides;
  readonly requestedBy: string | null;
};

/** A scoring preview's progress, as the worker reports it on the job. */
export type ScoringPreviewJobProgress = {
  readonly phase: 'preparing' | 'replaying' | 'comparing' | 'done';
  readonly events: number;
  readonly total: number | null;
};

export type ScoringPreviewJobResult = {
  readonly position: string;
  readonly usersCompared: number;
  readonly changes: readonly ScoringChange[];
};

export type JobQueues = {
  readonly reports: Queue<ReportJobData, ReportJobResult>;
  readonly replay: Queue<ReplayJobData, ReplayJobResult>;
  readonly scoringPreview: Queue<ScoringPreviewJobData, ScoringPreviewJobResult>;
  readonly close: () => Promise<void>;
};

/**
 * The three queues, for the services that enqueue jobs and read their state. `connection` is shared
 * (a Redis client with maxRetriesPerRequest: null); `prefix` is BullMQ's own key prefix (tests
 * use one each; BullMQ refuses an ioredis keyPrefix).
 */
export const createJobQueues = (options: {
  readonly connection: RedisClient;
  readonly prefix: string;
}): JobQueues => {
  const common = { connection: options.connection, prefix: options.prefix };
  const reports = new Queue<ReportJobData, ReportJobResult>(REPORTS_QUEUE, {
    ...common,
    defaultJobOptions: { ...JOB_RETENTION, attempts: 2, backoff: { type: 'fixed', delay: 5_000 } },
  });
  const replay = new Queue<ReplayJobData, ReplayJobResult>(REPLAY_QUEUE, {
    ...common,
    defaultJobOptions: { ...JOB_RETENTION, attempts: 1 },
  });
  const scoringPreview = new Queue<ScoringPreviewJobData, ScoringPreviewJobResult>(
    SCORING_PREVIEW_QUEUE,
    { ...common, defaultJobOptions: { ...JOB_RETENTION, attempts: 1 } },
  );
  return {
    reports,
    replay,
    scoringPreview,
    close: async () => {
      await Promise.all([reports.close(), replay.close(), scoringPreview.close()]);
    },
  };
};

/** BullMQ job ids may not contain ':' nor be integers; ours never do (kind, dates, `<txn>.<seq>`). */
const idPart = (text: string) => text.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * A report's id: its parameters and the read model's position it is built at, so a double click
 * is one job and a request after new events builds a fresh file.
 */
export const reportIdOf = (
  request: {
    kind: ReportKind;
    start?: string;
    end?: string;
    table?: ImpactTable;
    from?: string;
    to?: string;
    asOf?: string | null;
    organizationId?: string | null;
  },
  position: string,
): string => {
  if (request.kind === 'impact') {
    const scope = [
      request.table ?? '',
      request.from ?? '',
      'to',
      request.to ?? '',
      'as-of',
      request.asOf ?? 'now',
      'organization',
      request.organizationId ?? 'all',
    ];
    return `impact-${scope.map(idPart).join('-')}-at-${idPart(position)}`;
  }
  return request.kind === 'service-data'
    ? `service-data-${idPart(request.start ?? '')}-to-${idPart(request.end ?? '')}-at-${idPart(position)}`
    : `${request.kind}-at-${idPart(position)}`;
};

/** A replay's id: the projection and the log's head when asked (a double click is one job). */
export const replayIdOf = (projection: string, head: string): string =>
  `replay-${idPart(projection)}-at-${idPart(head)}`;

/** The same draft at the same log head is one job (a double click). */
export const scoringPreviewIdOf = (overrides: ScoringOverrides, head: string): string => {
  const params = scoringWith(overrides);
  const thresholds = Object.entries(params.badgeThresholds)
    .map(([, value]) => String(value))
    .join('_');
  const rule =
    params.loggedHoursEarnPoints === undefined ? '' : `-l${params.loggedHoursEarnPoints ? 1 : 0}`;
  return `scoring-preview-b${String(params.firstSignupBonusPoints)}-t${thresholds}${rule}-at-${idPart(head)}`;
};
