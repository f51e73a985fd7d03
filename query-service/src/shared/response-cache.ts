/**
 * Answers (serialized bodies, or a body with its headers) kept for a short time under a key that names everything they depend on
 * (the caller, the parameters and the read model's visible position): a key moves on as soon as
 * the read model does, and the time limit (counted from when the answer was ready) bounds what a
 * missed notification could leave stale.
 * Concurrent requests for one key share a single computation.
 */
export const createResponseCache = <T = string>(options: {
  readonly ttlMs: number;
  readonly maxEntries: number;
  readonly now?: () => number;
}) => {
  const now = options.now ?? Date.now;
  const kept = new Map<string, { body: T; until: number }>();
  const running = new Map<string, Promise<T>>();
  return {
    /** The body under `key` (computed by `compute` when absent or old); never kept when `key` is null. */
    async get(key: string | null, compute: () => Promise<T>): Promise<T> {
      if (key === null) return compute();
      const hit = kept.get(key);
      if (hit && now() < hit.until) return hit.body;
      kept.delete(key);
      const pending = running.get(key);
      if (pending) return pending;
      const computing = compute().finally(() => running.delete(key));
      running.set(key, computing);
      const body = await computing;
      kept.set(key, { body, until: now() + options.ttlMs });
      while (kept.size > options.maxEntries) kept.delete(kept.keys().next().value as string);
      return body;
    },
  };
};
