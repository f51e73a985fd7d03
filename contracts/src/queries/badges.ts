import { z } from 'zod';

/**
 * The badges. The read model stores the earned ids (projection-worker's badge
 * rules); this catalogue gives each its name, description and icon for the screens.
 */
export const BADGES = [
  {
    id: 'first-step',
    name: 'First Step',
    description: 'Signed up for a first opportunity',
    icon: '👣',
  },
  {
    id: 'point-novice',
    name: 'Point Novice',
    description: 'Earned more than 20 points',
    icon: '⭐',
  },
  { id: 'point-adept', name: 'Point Adept', description: 'Earned more than 50 points', icon: '🌟' },
  {
    id: 'point-master',
    name: 'Point Master',
    description: 'Earned more than 100 points',
    icon: '🏆',
  },
  {
    id: 'serial-volunteer',
    name: 'Serial Volunteer',
    description: 'Signed up for 3 or more opportunities',
    icon: '🔁',
  },
  {
    id: 'community-pillar',
    name: 'Community Pillar',
    description: 'Signed up for 5 or more opportunities',
    icon: '🏛️',
  },
  {
    id: 'social-butterfly',
    name: 'Social Butterfly',
    description: 'Has 3 or more friends',
    icon: '🦋',
  },
  {
    id: 'super-networker',
    name: 'Super Networker',
    description: 'Has 5 or more friends',
    icon: '🤝',
  },
  {
    id: 'eco-warrior',
    name: 'Eco Warrior',
    description: "Attended 2 or more 'Environment & Sustainability' events",
    icon: '🌱',
  },
  {
    id: 'hunger-hero',
    name: 'Hunger Hero',
    description: "Attended 2 or more 'Food Security and Hunger Relief' events",
    icon: '🥫',
  },
  { id: 'top-ten', name: 'Top Ten', description: 'Ranked 10th or better all-time', icon: '🔟' },
] as const;

export type BadgeId = (typeof BADGES)[number]['id'];
export const BADGE_IDS = BADGES.map((b) => b.id) as [BadgeId, ...BadgeId[]];

export const badgeSchema = z.object({
  id: z.enum(BADGE_IDS),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
});
export type Badge = z.infer<typeof badgeSchema>;

/** The catalogue entries of earned badge ids, in catalogue order; unknown ids are dropped. */
export const badgesOf = (ids: readonly string[]): Badge[] =>
  BADGES.filter((b) => ids.includes(b.id)).map((b) => ({ ...b }));
