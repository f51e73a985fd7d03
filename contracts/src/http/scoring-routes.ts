import { z } from 'zod';
import { BADGE_IDS, type BadgeId } from '../queries/badges';
import { jobAcceptedSchema, jobStateSchema } from '../queries/operations';
import type { RouteDefinition } from './routes';

const route = <const R extends RouteDefinition>(r: R): R => r;

const threshold = z.number({ error: 'Must be a whole number' }).int('Must be a whole number');

/**
 * POST /api/scoring/previews: a draft of the scoring parameters. Whatever is left out keeps its
 * current value; at least one change is needed.
 */
export const startScoringPreviewSchema = z
  .object({
    first_signup_bonus_points: threshold
      .min(0, 'Must be 0 or more')
      .max(1000, 'At most 1000')
      .optional(),
    badge_thresholds: z
      .partialRecord(
        z.enum(BADGE_IDS),
        threshold.min(0, 'Must be 0 or more').max(100_000, 'Too large'),
      )
      .optional(),
  })
  .strict()
  .refine(
    (d) =>
      d.first_signup_bonus_points !== undefined || Object.keys(d.badge_thresholds ?? {}).length > 0,
    { message: 'Change the bonus or a badge threshold', path: ['first_signup_bonus_points'] },
  );
export type StartScoringPreview = z.infer<typeof startScoringPreviewSchema>;

export const scoringParametersSchema = z.object({
  first_signup_bonus_points: z.number().int(),
  badge_thresholds: z.record(z.string(), z.number().int()),
});

/** One user whose points, all-time rank or badges would change. */
export const scoringChangeSchema = z.object({
  user_id: z.string(),
  name: z.string(),
  points_before: z.number().int(),
  points_after: z.number().int(),
  /** Competition rank on the all-time board; 999 when unranked (0 points). */
  rank_before: z.number().int(),
  rank_after: z.number().int(),
  badges_before: z.array(z.string()),
  badges_after: z.array(z.string()),
});
export type ScoringChange = z.infer<typeof scoringChangeSchema>;

/** GET /api/scoring/previews/:id */
export const scoringPreviewStatusSchema = z.object({
  id: z.string(),
  state: jobStateSchema,
  progress: z
    .object({
      phase: z.enum(['preparing', 'replaying', 'comparing', 'done']),
      events: z.number().int(),
      total: z.number().int().nullable(),
    })
    .nullable(),
  current: scoringParametersSchema.nullable(),
  draft: scoringParametersSchema.nullable(),
  result: z
    .object({
      /** The log position the preview replayed up to, `<txn>.<seq>`. */
      position: z.string(),
      users_compared: z.number().int(),
      changes: z.array(scoringChangeSchema),
    })
    .nullable(),
  failed_reason: z.string().nullable(),
});
export type ScoringPreviewStatus = z.infer<typeof scoringPreviewStatusSchema>;

export type BadgeThresholdDraft = Partial<Record<BadgeId, number>>;

/**
 * Scoring preview (spread into `routes`): admins replay the history with a draft of the bonus and
 * badge thresholds into a shadow model and compare. Read-only: nothing is applied.
 */
export const scoringRoutes = {
  startScoringPreview: route({
    method: 'POST',
    path: '/api/scoring/previews',
    auth: 'admin',
    body: startScoringPreviewSchema,
    response: jobAcceptedSchema,
  }),
  getScoringPreview: route({
    method: 'GET',
    path: '/api/scoring/previews/:id',
    auth: 'admin',
    response: scoringPreviewStatusSchema,
  }),
} as const satisfies Record<string, RouteDefinition>;
