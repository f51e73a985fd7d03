import type { BulkRebuild } from '../projector/projection';
import { allProjections } from '.';

/**
 * The projections a replay rebuilds by folding the log in memory and writing each table once:
 * every projection with one evolve (its `bulk`). Users (sealed personal data opens through the
 * vault, batch by batch) and badges (rebuilt from the others' rows at the end) have none.
 */
export const bulkRebuilds: ReadonlyMap<string, BulkRebuild> = new Map(
  allProjections.flatMap((p) => (p.bulk ? [[p.name, p.bulk] as const] : [])),
);
