/** One line of the results table: a figure beside its baseline from the same run. */
export type BenchRow = {
  readonly measurement: string;
  readonly result: string;
  readonly baseline: string;
  readonly target: string;
  /** Whether the result meets the target (null: no target to meet). */
  readonly met: boolean | null;
};

/** What one bench module answers: its rows, free notes and the raw figures (kept in bench/raw). */
export type BenchResult = {
  readonly name: string;
  readonly title: string;
  readonly rows: readonly BenchRow[];
  readonly notes?: readonly string[];
  readonly raw: Record<string, unknown>;
  readonly scale: number;
  readonly finishedAt: string;
  readonly seconds: number;
};

export type BenchModule = {
  readonly name: string;
  readonly title: string;
  run(): Promise<Omit<BenchResult, 'name' | 'title' | 'scale' | 'finishedAt' | 'seconds'>>;
};

export const fmt = (n: number, digits = 0): string =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : 'n/a';

export const ms = (n: number): string => `${fmt(n, n < 10 ? 2 : 1)} ms`;
