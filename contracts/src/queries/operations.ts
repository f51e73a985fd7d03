import { z } from 'zod';
import { ORGANIZATION_TYPES } from '../domain/constants';
import {
  LEADERBOARD_BOARDS,
  LEADERBOARD_DEFAULT_LIMIT,
  LEADERBOARD_MAX_LIMIT,
} from './leaderboard';
import { dateParam, integerParam } from './params';

/** Answers of the operations routes: report and replay jobs, projection lag, boards as of a date. */

/** A job's state as BullMQ reports it ('unknown' once it was removed). */
export const jobStateSchema = z.enum([
  'waiting',
  'waiting-children',
  'delayed',
  'prioritized',
  'active',
  'completed',
  'failed',
  'unknown',
]);
export type JobState = z.infer<typeof jobStateSchema>;

/** POST /api/reports and POST /api/operations/replays: the job that does it (one per request). */
export const jobAcceptedSchema = z.object({ job_id: z.string(), state: jobStateSchema });
export type JobAccepted = z.infer<typeof jobAcceptedSchema>;

const reportFileSchema = z.object({
  /** users.csv, opportunities.csv or service_data_{start}_to_{end}.csv. */
  file_name: z.string(),
  rows: z.number().int(),
  bytes: z.number().int(),
  /** The read model's position the file was built at, `<txn>.<seq>`. */
  position: z.string(),
  created_at: z.string(),
  download_url: z.string(),
});

/** GET /api/reports/:id */
export const reportStatusSchema = z.object({
  id: z.string(),
  state: jobStateSchema,
  /** 0 to 100. */
  progress: z.number(),
  failed_reason: z.string().nullable(),
  file: reportFileSchema.nullable(),
});
export type ReportStatus = z.infer<typeof reportStatusSchema>;

const replayProgressSchema = z.object({
  phase: z.enum(['preparing', 'replaying', 'boards', 'catching-up', 'swapping', 'done']),
  events: z.number().int(),
  total: z.number().int().nullable(),
  events_per_second: z.number(),
});

/** GET /api/operations/replays/:id */
export const replayStatusSchema = z.object({
  id: z.string(),
  state: jobStateSchema,
  projection: z.string(),
  progress: replayProgressSchema.nullable(),
  result: z
    .object({
      projections: z.array(z.string()),
      events: z.number().int(),
      position: z.string(),
      duration_ms: z.number().int(),
    })
    .nullable(),
  failed_reason: z.string().nullable(),
});
export type ReplayStatus = z.infer<typeof replayStatusSchema>;

const projectionStatusSchema = z.object({
  name: z.string(),
  /** Committed position, `<txn>.<seq>`. */
  position: z.string(),
  /** Position whose rows and boards are both written (read-your-writes). */
  visible_position: z.string(),
  updated_at: z.string().nullable(),
  /** Settled events after the checkpoint (capped at 100 000). */
  lag_events: z.number().int(),
  /** Age of the oldest event not yet projected; 0 when caught up. */
  lag_seconds: z.number(),
  dead_letters: z.number().int(),
});

/** GET /api/operations/projections: the admin operations page. */
export const projectionsStatusSchema = z.object({
  projections: z.array(projectionStatusSchema),
  /** Committed events no reader may see yet because an older transaction is open (any database). */
  unsettled_events: z.number().int(),
});
export type ProjectionsStatus = z.infer<typeof projectionsStatusSchema>;

/** GET /api/leaderboard/as-of */
export const leaderboardAsOfQuerySchema = z.object({
  /** The Eastern day whose end the board is computed at. */
  date: dateParam,
  period: z.enum(['monthly', 'all'], { error: 'Must be monthly or all' }).default('monthly'),
  board: z
    .enum(LEADERBOARD_BOARDS, {
      error: 'Must be individuals, organizations or an organization type slug',
    })
    .default('individuals'),
  limit: integerParam(1, LEADERBOARD_MAX_LIMIT).default(LEADERBOARD_DEFAULT_LIMIT),
});
export type LeaderboardAsOfQuery = z.infer<typeof leaderboardAsOfQuerySchema>;

export const leaderboardAsOfSchema = z.object({
  date: z.string(),
  period: z.enum(['monthly', 'all']),
  board: z.string(),
  /** The monthly board of that day ('YYYY-MM'), null for all-time. */
  month: z.string().nullable(),
  window_start: z.string().nullable(),
  /** The instant the board is computed at: the end of `date` in Eastern time (ISO 8601 UTC). */
  as_of: z.string(),
  entries: z.array(
    z.object({
      /** Competition rank: ties share it (1, 2, 2, 4). */
      rank: z.number().int(),
      id: z.string(),
      name: z.string(),
      points: z.number().int(),
      type: z.enum(ORGANIZATION_TYPES).optional(),
    }),
  ),
});
export type LeaderboardAsOf = z.infer<typeof leaderboardAsOfSchema>;
