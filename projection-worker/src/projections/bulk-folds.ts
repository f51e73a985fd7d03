import type { BulkFoldFactory } from './bulk';
import { checkInsFold } from './check-ins/check-ins-fold';
import { friendshipsFold } from './friendships/friendships-fold';
import { opportunitiesFold } from './opportunities/opportunities-fold';
import { organizationsFold } from './organizations/organizations-fold';
import { pointsFold } from './points/points-fold';
import { waitlistFold } from './waitlist/waitlist-fold';

export type BulkRebuild = {
  readonly create: BulkFoldFactory;
  /** The tables it fills from empty (a replay loads them without their indexes, then indexes them). */
  readonly loads: readonly string[];
};

/**
 * The projections a replay rebuilds by folding the log in memory and writing each table once,
 * by name: every one but users (its sealed personal data opens through the vault, batch by batch,
 * in the same pass) and badges (rebuilt from the others' rows at the end).
 */
export const bulkRebuilds: ReadonlyMap<string, BulkRebuild> = new Map([
  [
    'organizations',
    { create: organizationsFold, loads: ['organizations', 'memberships', 'membership_periods'] },
  ],
  [
    'opportunities',
    { create: opportunitiesFold, loads: ['opportunities', 'announcements', 'signups'] },
  ],
  ['friendships', { create: friendshipsFold, loads: ['friendships'] }],
  [
    'waitlist',
    { create: waitlistFold, loads: ['waitlist', 'waitlist_promotions', 'calendar_feeds'] },
  ],
  ['points', { create: pointsFold, loads: ['point_ledger', 'monthly_points'] }],
  ['check-ins', { create: checkInsFold, loads: ['check_ins'] }],
]);
