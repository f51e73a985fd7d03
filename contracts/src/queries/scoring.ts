import { z } from 'zod';
import { jobStateSchema } from './operations';

const scoringParametersSchema = z.object({
  first_signup_bonus_points: z.number().int(),
  badge_thresholds: z.record(z.string(), z.number().int()),
  /** Whether approved logged hours earn points (docs/service-hours.md). */
  logged_hours_earn_points: z.boolean(),
});

/** One user whose points, all-time rank or badges would change. */
const scoringChangeSchema = z.object({
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
