import { describe, expect, it } from 'vitest';
import { IMPACT_MIN_GROUP } from '@campus/contracts';
import { figureOf, kAnonymous, type GroupFigures } from './k-anonymity';

/** Groups of people, each serving 60 minutes once per group: `people` names them. */
type World = Record<string, readonly string[]>;

const groupsOf = (world: World): GroupFigures[] =>
  Object.entries(world).map(([key, people]) => ({
    key,
    minutes: people.length * 60,
    volunteers: new Set(people).size,
  }));

/** The measure the dashboard's SQL makes: distinct people across the groups, each service once. */
const measureOf = (world: World) => {
  const asked: string[][] = [];
  const measure = (keys: readonly string[]) => {
    asked.push([...keys]);
    const services = new Set(keys.flatMap((key) => (world[key] ?? []).map((p) => `${key}|${p}`)));
    const people = new Set(keys.flatMap((key) => world[key] ?? []));
    return Promise.resolve({ minutes: services.size * 60, volunteers: people.size });
  };
  return { measure, asked };
};

const people = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i)}`);

const run = async (world: World) => {
  const { measure, asked } = measureOf(world);
  const result = await kAnonymous(groupsOf(world), measure);
  return { ...result, shownKeys: result.shown.map((g) => g.key), asked };
};

describe('k-anonymity of a breakdown (docs/impact.md)', () => {
  it('is 5 people', () => {
    expect(IMPACT_MIN_GROUP).toBe(5);
  });

  it('shows a group of 5 people apart and merges nothing', async () => {
    const result = await run({ march: people('m', 5), april: people('a', 7) });
    expect(result.shownKeys).toEqual(['march', 'april']);
    expect(result.merged).toBeNull();
    expect(result.hidden).toBe(false);
    expect(result.asked).toEqual([]);
  });

  it('merges groups of 4 people into one row of their distinct people, shown at 5 or more', async () => {
    const result = await run({
      big: people('b', 9),
      x: ['p1', 'p2', 'p3', 'p4'],
      y: ['p3', 'p4', 'p5'],
    });
    expect(result.shownKeys).toEqual(['big']);
    // p3 and p4 are in both: 5 distinct people, 7 services.
    expect(result.merged).toEqual({ keys: ['x', 'y'], minutes: 7 * 60, volunteers: 5 });
    expect(result.hidden).toBe(false);
  });

  it('never shows a group of 4 people, not even merged alone: the smallest shown group joins it', async () => {
    const result = await run({
      small: people('s', 4),
      middle: people('m', 6),
      large: people('l', 8),
    });
    // Else the total less middle and large would give the 4 people's minutes away.
    expect(result.shownKeys).toEqual(['large']);
    expect(result.merged).toEqual({ keys: ['small', 'middle'], minutes: 600, volunteers: 10 });
    expect(result.asked).toEqual([['small'], ['small', 'middle']]);
    expect(result.hidden).toBe(false);
  });

  it('merges groups that share their people until the row has 5 distinct people', async () => {
    const result = await run({
      a: ['p1', 'p2'],
      b: ['p1', 'p2', 'p3', 'p4', 'p5'],
      c: ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'],
      d: people('d', 20),
    });
    // a with b: still 5 distinct people, so b alone is enough.
    expect(result.shownKeys).toEqual(['c', 'd']);
    expect(result.merged?.keys).toEqual(['a', 'b']);
    expect(result.merged?.volunteers).toBe(5);
  });

  it('shows nothing when every group together has fewer than 5 people', async () => {
    const result = await run({ a: ['p1', 'p2'], b: ['p2', 'p3', 'p4'] });
    expect(result.shown).toEqual([]);
    expect(result.merged).toBeNull();
    expect(result.hidden).toBe(true);
  });

  it('shows a figure about none or 5 or more people, never about 1 to 4', () => {
    expect([0, 1, 4, 5, 6].map((n) => figureOf(n * 10, n))).toEqual([0, null, null, 50, 60]);
  });
});
