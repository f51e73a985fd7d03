import { z } from 'zod';
import { BADGE_IDS } from '../queries/badges';

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
    /** Whether approved logged hours earn points (docs/service-hours.md). */
    logged_hours_earn_points: z.boolean({ error: 'Must be true or false' }).optional(),
  })
  .strict()
  .refine(
    (d) =>
      d.first_signup_bonus_points !== undefined ||
      d.logged_hours_earn_points !== undefined ||
      Object.keys(d.badge_thresholds ?? {}).length > 0,
    {
      message: 'Change the bonus, a badge threshold or the logged hours rule',
      path: ['first_signup_bonus_points'],
    },
  );
export type StartScoringPreview = z.infer<typeof startScoringPreviewSchema>;
