import type { BulkRebuild } from '../projector/projection';
import { pointsFold } from './points/points-fold';
import { waitlistFold } from './waitlist/waitlist-fold';
import { allProjections } from '.';

/** Folds not yet written as one evolve (each goes once its read model has an evolve). */
const separateFolds: ReadonlyMap<string, BulkRebuild> = new Map([
  [
    'waitlist',
    { create: waitlistFold, loads: ['waitlist', 'waitlist_promotions', 'calendar_feeds'] },
  ],
  ['points', { create: pointsFold, loads: ['point_ledger', 'monthly_points'] }],
]);

/**
 * The projections a replay rebuilds by folding the log in memory and writing each table once:
 * every projection with one evolve (its `bulk`). Users (sealed personal data opens through the
 * vault, batch by batch) and badges (rebuilt from the others' rows at the end) have none.
 */
export const bulkRebuilds: ReadonlyMap<string, BulkRebuild> = new Map(
  allProjections.flatMap((p) => {
    const rebuild = p.bulk ?? separateFolds.get(p.name);
    return rebuild ? [[p.name, rebuild] as const] : [];
  }),
);
