import { z } from 'zod';

/**
 * The bench's settings, read once. BENCH_SCALE shrinks every workload (0.05 for a quick look);
 * BENCH_SECONDS is the length of each timed phase at scale 1 (shorter phases scale down with it).
 */
export const benchEnv = z
  .object({
    BENCH_SCALE: z.coerce.number().positive().max(10).default(1),
    BENCH_SECONDS: z.coerce.number().positive().default(5),
    BENCH_OUT: z.string().default('bench/results.md'),
    BENCH_RAW_DIR: z.string().default('bench/raw'),
    TEST_DATABASE_SERVER_URL: z.string().default('postgres://postgres@127.0.0.1:5432'),
    TEST_REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  })
  .parse(process.env);

/** `n` scaled by BENCH_SCALE, at least `min`. */
export const scaled = (n: number, min = 1): number =>
  Math.max(min, Math.round(n * benchEnv.BENCH_SCALE));

/** A phase's length in ms: BENCH_SECONDS (or `seconds`), shorter at small scales but at least 2 s. */
export const phaseMs = (seconds = benchEnv.BENCH_SECONDS): number =>
  Math.max(2_000, Math.round(seconds * 1_000 * Math.min(1, Math.sqrt(benchEnv.BENCH_SCALE))));
