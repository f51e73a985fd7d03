/** Runs `work` on `workers` concurrent loops for `ms`; answers units of work per second. */
export const rateOver = async (
  workers: number,
  ms: number,
  work: () => Promise<number>,
): Promise<number> => {
  const started = performance.now();
  const deadline = started + ms;
  const counts = await Promise.all(
    Array.from({ length: workers }, async () => {
      let n = 0;
      while (performance.now() < deadline) n += await work();
      return n;
    }),
  );
  return counts.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1_000);
};

/** The p-th percentile (0..100) of `values` (nearest rank); NaN when empty. */
export const percentile = (values: readonly number[], p: number): number => {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
