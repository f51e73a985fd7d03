/**
 * The badges of spec section 3, derived from current state (rules.md): signups count registrations
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
export const TOP_TEN_RANK = 10;

export const BADGE_RULES: readonly {
  readonly id: BadgeId;
  readonly earned: (f: BadgeFacts) => boolean;
}[] = [
  { id: 'first-step', earned: (f) => f.signups >= 1 },
  { id: 'point-novice', earned: (f) => f.points > 20 },
  { id: 'point-adept', earned: (f) => f.points > 50 },
  { id: 'point-master', earned: (f) => f.points > 100 },
  { id: 'serial-volunteer', earned: (f) => f.signups >= 3 },
  { id: 'community-pillar', earned: (f) => f.signups >= 5 },
  { id: 'social-butterfly', earned: (f) => f.friends >= 3 },
  { id: 'super-networker', earned: (f) => f.friends >= 5 },
  { id: 'eco-warrior', earned: (f) => f.ecoEvents >= 2 },
  { id: 'hunger-hero', earned: (f) => f.hungerEvents >= 2 },
  {
    id: 'top-ten',
    earned: (f) => f.allTimeRank !== null && f.allTimeRank <= TOP_TEN_RANK,
  },
];

/** The badges earned, in the order of the spec's table. */
export const evaluateBadges = (facts: BadgeFacts): BadgeId[] =>
  BADGE_RULES.filter((rule) => rule.earned(facts)).map((rule) => rule.id);
