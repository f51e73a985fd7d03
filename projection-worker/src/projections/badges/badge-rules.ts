import { SCORING_DEFAULTS, type ScoringParameters } from '@campus/contracts';

/**
 * The badges, derived from current state (docs/product-rules.md): signups count registrations
 * not withdrawn; Eco Warrior and Hunger Hero count attended opportunities with that cause; Top Ten
 * uses the all-time individual rank. (Pure; a candidate for contracts, so screens share it.)
 */
export type BadgeId =
  | 'first-step'
  | 'point-novice'
  | 'point-adept'
  | 'point-master'
  | 'serial-volunteer'
  | 'community-pillar'
  | 'social-butterfly'
  | 'super-networker'
  | 'eco-warrior'
  | 'hunger-hero'
  | 'top-ten';

export type BadgeFacts = {
  /** Registrations not withdrawn. */
  readonly signups: number;
  /** All-time points. */
  readonly points: number;
  readonly friends: number;
  /** Attended opportunities with the cause 'Environment & Sustainability'. */
  readonly ecoEvents: number;
  /** Attended opportunities with the cause 'Food Security and Hunger Relief'. */
  readonly hungerEvents: number;
  /** Competition rank on the all-time individual board; null when unranked (or known to be > 10). */
  readonly allTimeRank: number | null;
};

export const ECO_CAUSE = 'Environment & Sustainability';
export const HUNGER_CAUSE = 'Food Security and Hunger Relief';

type Thresholds = ScoringParameters['badgeThresholds'];

/** Each rule compares a fact with its threshold (SCORING_DEFAULTS, or a scoring preview's draft). */
const BADGE_RULES: readonly {
  readonly id: BadgeId;
  readonly earned: (f: BadgeFacts, t: Thresholds) => boolean;
}[] = [
  { id: 'first-step', earned: (f, t) => f.signups >= t['first-step'] },
  { id: 'point-novice', earned: (f, t) => f.points > t['point-novice'] },
  { id: 'point-adept', earned: (f, t) => f.points > t['point-adept'] },
  { id: 'point-master', earned: (f, t) => f.points > t['point-master'] },
  { id: 'serial-volunteer', earned: (f, t) => f.signups >= t['serial-volunteer'] },
  { id: 'community-pillar', earned: (f, t) => f.signups >= t['community-pillar'] },
  { id: 'social-butterfly', earned: (f, t) => f.friends >= t['social-butterfly'] },
  { id: 'super-networker', earned: (f, t) => f.friends >= t['super-networker'] },
  { id: 'eco-warrior', earned: (f, t) => f.ecoEvents >= t['eco-warrior'] },
  { id: 'hunger-hero', earned: (f, t) => f.hungerEvents >= t['hunger-hero'] },
  {
    id: 'top-ten',
    earned: (f, t) => f.allTimeRank !== null && f.allTimeRank <= t['top-ten'],
  },
];

/** The badges earned, in catalogue order. */
export const evaluateBadges = (
  facts: BadgeFacts,
  thresholds: Thresholds = SCORING_DEFAULTS.badgeThresholds,
): BadgeId[] => BADGE_RULES.filter((rule) => rule.earned(facts, thresholds)).map((rule) => rule.id);
