import { describe, expect, it } from 'vitest';
import { allProjections } from '../projections';
import { independentGroups } from './independent-groups';
import type { Projection } from './projection';

const projection = (name: string, tables: string[], reads: string[] = []): Projection => ({
  name,
  tables,
  reads,
  apply: () => Promise.resolve(),
});

describe('independentGroups', () => {
  it('keeps projections that share a written or read table together, in their order', () => {
    const groups = independentGroups([
      projection('a', ['t1']),
      projection('b', ['t2']),
      projection('c', ['t3'], ['t1']),
      projection('d', ['t2', 't4']),
      projection('e', ['t5']),
    ]);
    expect(groups).toEqual([[0, 2], [1, 3], [4]]);
  });

  it('puts users and points (both write read.users) in one group', () => {
    const names = independentGroups(allProjections).map((g) =>
      g.map((i) => allProjections[i]?.name),
    );
    const withUsers = names.find((g) => g.includes('users'));
    expect(withUsers).toContain('points');
    expect(names.flat().sort()).toEqual(allProjections.map((p) => p.name).sort());
  });
});
