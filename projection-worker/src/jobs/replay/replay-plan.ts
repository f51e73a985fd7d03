import { ValidationError } from '@campus/infra';
import { REPLAY_ALL } from '@campus/read-model';
import type { Projection } from '../../projector/projection';

const tablesOf = (p: Projection) => new Set([...p.tables, ...p.reads]);

/**
 * The projections a replay of `requested` rebuilds, in the worker's order: the requested ones and,
 * transitively, every projection that shares a table with them (writes what they read, reads what
 * they write, or writes the same table), since their rows are only right when built in step.
 */
export const replaySetOf = (requested: string, all: readonly Projection[]): Projection[] => {
  if (requested === REPLAY_ALL) return [...all];
  const first = all.find((p) => p.name === requested);
  if (!first) {
    throw new ValidationError(`Unknown projection ${requested}`, [
      {
        field: 'projection',
        message: `Must be ${REPLAY_ALL} or one of ${all.map((p) => p.name).join(', ')}`,
      },
    ]);
  }
  const chosen = new Set([first]);
  const tables = tablesOf(first);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) {
      if (chosen.has(p) || ![...tablesOf(p)].some((t) => tables.has(t))) continue;
      chosen.add(p);
      for (const t of tablesOf(p)) tables.add(t);
      grew = true;
    }
  }
  return all.filter((p) => chosen.has(p));
};
