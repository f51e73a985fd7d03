import type { Projection } from './projection';

/**
 * Projections split into groups that touch no table of another group (written or read), as
 * indices into `projections`, each group in the given order. Groups can then be applied in
 * transactions of their own side by side; projections sharing a table stay in one transaction.
 */
export const independentGroups = (projections: readonly Projection[]): number[][] => {
  const parent = projections.map((_, i) => i);
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    return r;
  };
  const owner = new Map<string, number>();
  for (const [i, projection] of projections.entries()) {
    for (const table of [...projection.tables, ...projection.reads]) {
      const other = owner.get(table);
      if (other === undefined) owner.set(table, i);
      else parent[root(i)] = root(other);
    }
  }
  const groups = new Map<number, number[]>();
  for (const i of projections.keys()) {
    const r = root(i);
    groups.set(r, [...(groups.get(r) ?? []), i]);
  }
  return [...groups.values()];
};
