import {
  formatPosition,
  scoringWith,
  SCORING_DEFAULTS,
  type EventStore,
  type JobAccepted,
  type ScoringOverrides,
  type ScoringParameters,
  type ScoringPreviewStatus,
  type StartScoringPreview,
} from '@campus/contracts';
import {
  scoringPreviewIdOf,
  type JobQueues,
  type ScoringPreviewJobProgress,
  type ScoringPreviewJobResult,
} from './queues';

/** The request's draft as overrides of the defaults (values equal to the defaults dropped). */
const overridesOf = (body: StartScoringPreview): ScoringOverrides => {
  const thresholds = Object.fromEntries(
    Object.entries(body.badge_thresholds ?? {}).filter(
      ([id, value]) =>
        value !==
        SCORING_DEFAULTS.badgeThresholds[id as keyof ScoringParameters['badgeThresholds']],
    ),
  );
  return {
    ...(body.first_signup_bonus_points !== undefined
      ? { firstSignupBonusPoints: body.first_signup_bonus_points }
      : {}),
    ...(Object.keys(thresholds).length ? { badgeThresholds: thresholds } : {}),
  };
};

/** Enqueues a preview of the draft; answers the job to watch. */
export const enqueueScoringPreview = async (
  queues: JobQueues,
  store: EventStore,
  body: StartScoringPreview,
  requestedBy: string,
): Promise<JobAccepted> => {
  const overrides = overridesOf(body);
  const id = scoringPreviewIdOf(overrides, formatPosition(await store.headPosition()));
  const job = await queues.scoringPreview.add(
    'scoring-preview',
    { overrides, requestedBy },
    { jobId: id },
  );
  return { job_id: id, state: await job.getState() };
};

const isProgress = (value: unknown): value is ScoringPreviewJobProgress =>
  typeof value === 'object' && value !== null && 'phase' in value && 'events' in value;

const parametersOf = (p: ScoringParameters) => ({
  first_signup_bonus_points: p.firstSignupBonusPoints,
  badge_thresholds: { ...p.badgeThresholds },
});

/** A preview job's state, progress and changes; null when BullMQ does not know it (anymore). */
export const scoringPreviewStatus = async (
  queues: JobQueues,
  id: string,
): Promise<ScoringPreviewStatus | null> => {
  const seen = await queues.scoringPreview.getJob(id);
  if (!seen) return null;
  // The state first, then the job read again: a job that completes between the two reads is
  // never answered as completed without its result.
  const state = await seen.getState();
  const job = (await queues.scoringPreview.getJob(id)) ?? seen;
  const progress: unknown = job.progress;
  const result = job.returnvalue as ScoringPreviewJobResult | null | undefined;
  return {
    id,
    state,
    progress: isProgress(progress)
      ? { phase: progress.phase, events: progress.events, total: progress.total }
      : null,
    current: parametersOf(SCORING_DEFAULTS),
    draft: parametersOf(scoringWith(job.data.overrides)),
    result: result
      ? {
          position: result.position,
          users_compared: result.usersCompared,
          changes: [...result.changes],
        }
      : null,
    failed_reason: job.failedReason || null,
  };
};
