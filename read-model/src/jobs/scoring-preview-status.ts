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
import type { Pool } from '@campus/infra';
import { LIVE_SCHEMA } from '../read-schema';
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
    ...(body.logged_hours_earn_points !== undefined
      ? { loggedHoursEarnPoints: body.logged_hours_earn_points }
      : {}),
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

/**
 * Whether approved logged hours earn points now: read.scoring_rules, off until an admin sets it
 * (docs/service-hours.md).
 */
const loggedHoursRuleNow = async (pool: Pool): Promise<boolean> => {
  const { rows } = await pool.query<{ earn: boolean }>(
    `SELECT logged_hours_earn_points AS earn FROM ${LIVE_SCHEMA}.scoring_rules`,
  );
  return rows[0]?.earn ?? false;
};

/** The parameters as the answer shows them; a draft without the logged hours rule keeps today's. */
const parametersOf = (p: ScoringParameters, loggedHoursRule: boolean) => ({
  first_signup_bonus_points: p.firstSignupBonusPoints,
  badge_thresholds: { ...p.badgeThresholds },
  logged_hours_earn_points: p.loggedHoursEarnPoints ?? loggedHoursRule,
});

/**
 * A preview job's state, progress and changes; null when BullMQ does not know it (anymore). The
 * logged hours rule in force is read from the read model (`pool`).
 */
export const scoringPreviewStatus = async (
  queues: JobQueues,
  id: string,
  pool: Pool,
): Promise<ScoringPreviewStatus | null> => {
  const seen = await queues.scoringPreview.getJob(id);
  if (!seen) return null;
  // The state first, then the job read again: a job that completes between the two reads is
  // never answered as completed without its result.
  const state = await seen.getState();
  const job = (await queues.scoringPreview.getJob(id)) ?? seen;
  const progress: unknown = job.progress;
  const result = job.returnvalue as ScoringPreviewJobResult | null | undefined;
  const loggedHoursRule = await loggedHoursRuleNow(pool);
  return {
    id,
    state,
    progress: isProgress(progress)
      ? { phase: progress.phase, events: progress.events, total: progress.total }
      : null,
    current: parametersOf(SCORING_DEFAULTS, loggedHoursRule),
    draft: parametersOf(scoringWith(job.data.overrides), loggedHoursRule),
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
