import { UNKNOWN_RANK } from '@campus/contracts';

/**
 * Competition ranking ("1224"): a score's rank is 1 + the number of strictly higher scores, so ties
 * share a rank and the next rank skips. A member not on the board ranks UNKNOWN_RANK (999).
 */
export const rankFromHigherCount = (strictlyHigher: number): number => strictlyHigher + 1;

/** The rank of `score` among `scores` (which may or may not include it); null score -> 999. */
export const competitionRank = (scores: readonly number[], score: number | null): number => {
  if (score === null) return UNKNOWN_RANK;
  let higher = 0;
  for (const s of scores) if (s > score) higher++;
  return rankFromHigherCount(higher);
};

export type RankedEntry<T> = T & { readonly rank: number };

/** Sorts by score descending (then by `tieBreak`, for a stable display) and ranks with ties shared. */
export const rankEntries = <T extends { readonly score: number }>(
  entries: readonly T[],
  tieBreak: (a: T, b: T) => number = () => 0,
): RankedEntry<T>[] => {
  const sorted = [...entries].sort((a, b) => b.score - a.score || tieBreak(a, b));
  let rank = 0;
  return sorted.map((entry, index) => {
    if (index === 0 || (sorted[index - 1]?.score ?? entry.score) !== entry.score) rank = index + 1;
    return { ...entry, rank };
  });
};
