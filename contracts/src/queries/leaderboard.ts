import { z } from 'zod';
import { ORGANIZATION_TYPES, type OrganizationType } from '../domain/constants';
import { monthOf } from '../domain/time';
import { friendshipStatusSchema } from './friendships';
import { dateParam, integerParam, monthParam } from './params';

/**
 * The monthly window (docs/product-rules.md): boards are Eastern calendar months; the
 * launch month counts from the launch date (2025-09-16), so before the next month starts the
 * window is [launch date, now]. `today` is the Eastern date of now.
 */
export const currentBoardMonth = (
  today: string,
  launchDate: string,
): { month: string; from: string } => {
  const launchMonth = monthOf(launchDate);
  const month = monthOf(today) <= launchMonth ? launchMonth : monthOf(today);
  return { month, from: windowStartOf(month, launchDate) };
};

/** The first day a monthly board counts: the 1st, or the launch date in the launch month. */
export const windowStartOf = (month: string, launchDate: string): string =>
  month === monthOf(launchDate) ? launchDate : `${month}-01`;

/** 'Professional Club' -> 'professional-club': the leaderboard tab of an organization type. */
export const organizationTypeBoardSlug = (type: OrganizationType): string =>
  type.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export const LEADERBOARD_BOARDS = [
  'individuals',
  'organizations',
  ...ORGANIZATION_TYPES.map(organizationTypeBoardSlug),
] as [string, ...string[]];

export const LEADERBOARD_DEFAULT_LIMIT = 50;
export const LEADERBOARD_MAX_LIMIT = 200;

/** GET /api/leaderboard */
export const leaderboardQuerySchema = z.object({
  period: z.enum(['monthly', 'all'], { error: 'Must be monthly or all' }).default('monthly'),
  board: z
    .enum(LEADERBOARD_BOARDS, {
      error: 'Must be individuals, organizations or an organization type slug',
    })
    .default('individuals'),
  /** Monthly only; defaults to the current window's month. */
  month: monthParam.optional(),
  limit: integerParam(1, LEADERBOARD_MAX_LIMIT).default(LEADERBOARD_DEFAULT_LIMIT),
});
export type LeaderboardQuery = z.infer<typeof leaderboardQuerySchema>;

const leaderboardEntrySchema = z.object({
  /** Competition rank: ties share it (1, 2, 2, 4). */
  rank: z.number().int(),
  id: z.string(),
  name: z.string(),
  profile_image: z.string().nullable(),
  points: z.number().int(),
  /** Individual boards: the caller's relation to this user (null on the caller's own row). */
  friendship_status: friendshipStatusSchema.nullable().optional(),
  friendship_id: z.string().nullable().optional(),
  /** Organization boards. */
  type: z.enum(ORGANIZATION_TYPES).optional(),
  is_member: z.boolean().optional(),
  is_host: z.boolean().optional(),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardSchema = z.object({
  period: z.enum(['monthly', 'all']),
  board: z.string(),
  /** The monthly board shown ('YYYY-MM'), null for all-time. */
  month: z.string().nullable(),
  /** The first Eastern date the monthly board counts, null for all-time. */
  window_start: z.string().nullable(),
  entries: z.array(leaderboardEntrySchema),
  /** The caller on the individuals board of the same period; rank 999 and 0 points when absent. */
  me: z.object({ rank: z.number().int(), points: z.number().int() }),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

/** GET /api/monthly-points?date=D: the ledger summed from D to now, per user with points. */
export const monthlyPointsQuerySchema = z.object({ date: dateParam });
export const monthlyPointsSchema = z.array(z.object({ id: z.string(), points: z.number().int() }));
export type MonthlyPoints = z.infer<typeof monthlyPointsSchema>;
