import { IMPACT_MIN_GROUP } from '@campus/contracts';

/** A group of a breakdown (one month, cause, organization...) and its figures. */
export type GroupFigures = {
  readonly key: string;
  readonly minutes: number;
  /** Distinct people in the group. */
  readonly volunteers: number;
};

/** The figures of several groups together: distinct people across them, each service once. */
export type MergedFigures = { readonly minutes: number; readonly volunteers: number };

export type KAnonymous = {
  /** The groups shown apart, as given. */
  readonly shown: readonly GroupFigures[];
  /** The groups merged into one row, and its figures; null when none is merged or it is hidden. */
  readonly merged: (MergedFigures & { readonly keys: readonly string[] }) | null;
  /** True when some groups are in no row (merged, they still had too few people). */
  readonly hidden: boolean;
};

/** Fewest people first, then fewest minutes, then by key: the next group to merge. */
const smallestFirst = (a: GroupFigures, b: GroupFigures) =>
  a.volunteers - b.volunteers || a.minutes - b.minutes || (a.key < b.key ? -1 : 1);

/**
 * The k-anonymity rule of every breakdown (docs/impact.md): a group of fewer than `min` people is
 * not shown apart; such groups are merged into one row, counted over their distinct people by
 * `measure`. When that row still has fewer than `min` people, the smallest group shown joins it,
 * then the next, until it has `min` or more (otherwise the total less the rows shown would give
 * the small groups' figures away); with no group left to join it, the row is not shown.
 */
export const kAnonymous = async (
  groups: readonly GroupFigures[],
  measure: (keys: readonly string[]) => Promise<MergedFigures>,
  min: number = IMPACT_MIN_GROUP,
): Promise<KAnonymous> => {
  const shown = groups.filter((g) => g.volunteers >= min);
  const small = groups.filter((g) => g.volunteers < min);
  if (!small.length) return { shown, merged: null, hidden: false };
  const keys = small.map((g) => g.key);
  let figures = await measure(keys);
  const joinable = [...shown].sort(smallestFirst);
  while (figures.volunteers < min && joinable.length) {
    const next = joinable.shift() as GroupFigures;
    keys.push(next.key);
    figures = await measure(keys);
  }
  const stays = new Set(joinable.map((g) => g.key));
  if (figures.volunteers < min) return { shown: [], merged: null, hidden: true };
  return {
    shown: shown.filter((g) => stays.has(g.key)),
    merged: { ...figures, keys },
    hidden: false,
  };
};

/** A figure about `people` people: shown when they are none or at least `min`, else null. */
export const figureOf = (value: number, people: number, min: number = IMPACT_MIN_GROUP) =>
  people === 0 || people >= min ? value : null;
