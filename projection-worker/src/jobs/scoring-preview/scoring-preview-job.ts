import type { Job } from 'bullmq';
import type { EventStore } from '@campus/contracts';
import type { Logger, PersonalDataVault, Pool, RedisClient } from '@campus/infra';
import type { ScoringPreviewJobData, ScoringPreviewJobResult } from '@campus/read-model';
import { previewScoring } from './scoring-preview';

type ScoringPreviewJobDeps = {
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

/** Processes a `scoring-preview` job: the replay into the shadow with the draft, then the comparison. */
export const scoringPreviewProcessor =
  (deps: ScoringPreviewJobDeps) =>
  async (
    job: Job<ScoringPreviewJobData, ScoringPreviewJobResult>,
  ): Promise<ScoringPreviewJobResult> => {
    let last = 0;
    return previewScoring({
      ...deps,
      overrides: job.data.overrides,
      onProgress: async (progress) => {
        const now = Date.now();
        if (progress.phase === 'replaying' && now - last < PROGRESS_EVERY_MS) return;
        last = now;
        await job.updateProgress(progress);
      },
    });
  };
