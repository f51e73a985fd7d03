import type { Cause } from '@campus/contracts';
import education from './cause-education.svg';
import environment from './cause-environment.svg';
import food from './cause-food.svg';
import health from './cause-health.svg';
import homelessness from './cause-homelessness.svg';
import religious from './cause-religious.svg';
import fallback from './opportunity-fallback.svg';

/** The drawn banner of each cause; 'Other' keeps the general volunteering picture. */
export const CAUSE_BANNERS: Readonly<Record<Cause, string>> = {
  'Environment & Sustainability': environment,
  'Homelessness Relief': homelessness,
  'Food Security and Hunger Relief': food,
  'Health and Wellness': health,
  Education: education,
  Religious: religious,
  Other: fallback,
};

/** The general volunteering picture: no cause, or one this list does not know. */
export const DEFAULT_BANNER = fallback;

/** The banner an opportunity without a picture shows: its first cause's, else the default. */
export const bannerOf = (causes: readonly string[] | undefined): string => {
  const first = causes?.[0];
  return first !== undefined && Object.hasOwn(CAUSE_BANNERS, first)
    ? CAUSE_BANNERS[first as Cause]
    : DEFAULT_BANNER;
};
