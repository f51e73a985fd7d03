import type { Job } from 'bullmq';
import type { EventStore } from '@campus/contracts';
import type { Logger, PersonalDataVault, Pool, RedisClient } from '@campus/infra';
import type { ReplayJobData, ReplayJobProgress, ReplayJobResult } from '@campus/read-model';
import { replayProjections } from './replay';

export type ReplayJobDeps = {
  readonly store: EventStore;
  readonly pool: Pool;
  readonly vault: PersonalDataVault;
  readonly logger: Logger;
  readonly redis: RedisClient;
  readonly keyPrefix: string;
  readonly batchSize?: number;
  readonly countEvents?: () => Promise<number | null>;
  readonly launchDate?: string;
};

const PROGRESS_EVERY_MS = 500;

/** Processes a `replay` job: the same replay as the CLI, its progress on the job. */
export const replayProcessor =
  (deps: ReplayJobDeps) =>
  async (job: Job<ReplayJobData, ReplayJobResult>): Promise<ReplayJobResult> => {
    let last = 0;
    return replayProjections({
      ...deps,
      requested: job.data.projection,
      onProgress: async (progress: ReplayJobProgress) => {
        const now = Date.now();
        if (progress.phase === 'replaying' && now - last < PROGRESS_EVERY_MS) return;
        last = now;
        await job.updateProgress(progress);
      },
    });
  };
