import type { BadgeId } from '../queries/badges';
import { FIRST_SIGNUP_BONUS_POINTS } from './constants';

/**
 * The scoring parameters: the first-signup bonus and each badge's threshold. The
 * live projections read them from here; a scoring preview replays the log with overrides.
 */

export type ScoringParameters = {
  readonly firstSignupBonusPoints: number;
  /**
   * Per badge: signups, friends and cause events count "N or more"; points "more than N"; Top Ten
   * "rank N or better".
   */
  readonly badgeThresholds: Readonly<Record<BadgeId, number>>;
  /**
   * A preview's draft of the logged hours rule; absent, the log's own LoggedHoursScoringChanged
   * events decide (docs/service-hours.md).
   */
  readonly loggedHoursEarnPoints?: boolean;
};

export const SCORING_DEFAULTS: ScoringParameters = {
  firstSignupBonusPoints: FIRST_SIGNUP_BONUS_POINTS,
  badgeThresholds: {
    'first-step': 1,
    'point-novice': 20,
    'point-adept': 50,
    'point-master': 100,
    'serial-volunteer': 3,
    'community-pillar': 5,
    'social-butterfly': 3,
    'super-networker': 5,
    'eco-warrior': 2,
    'hunger-hero': 2,
    'top-ten': 10,
  },
};

export type ScoringOverrides = {
  readonly firstSignupBonusPoints?: number;
  readonly badgeThresholds?: Partial<Record<BadgeId, number>>;
  readonly loggedHoursEarnPoints?: boolean;
};

/** The defaults with `overrides` laid over them. */
export const scoringWith = (overrides: ScoringOverrides = {}): ScoringParameters => ({
  firstSignupBonusPoints:
    overrides.firstSignupBonusPoints ?? SCORING_DEFAULTS.firstSignupBonusPoints,
  badgeThresholds: { ...SCORING_DEFAULTS.badgeThresholds, ...overrides.badgeThresholds },
  ...(overrides.loggedHoursEarnPoints === undefined
    ? {}
    : { loggedHoursEarnPoints: overrides.loggedHoursEarnPoints }),
});
