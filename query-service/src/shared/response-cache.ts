import { comparePositions, type GlobalPosition } from '@campus/contracts';

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

/**
 * Answers shared by every caller (no caller's own data in them), kept for a short time whatever
 * the read model does meanwhile, within read-your-writes: each entry remembers the visible position
 * it was computed at (its data is at least that new), and a request carrying a consistency token
 * (`readAfter`) is answered only from an entry computed at or past its token, so a client always
 * sees its own writes. Without a token an answer is at most `ttlMs` older than the read model.
 * Writes elsewhere (50 a second in production) no longer throw every entry away. Concurrent
 * requests for one key share one computation when it is new enough for them.
 */
export const createSharedAnswerCache = <T>(options: {
  readonly ttlMs: number;
  readonly maxEntries: number;
  readonly now?: () => number;
}) => {
  const now = options.now ?? Date.now;
  type Entry = { body: T; at: GlobalPosition; until: number };
  const kept = new Map<string, Entry>();
  const running = new Map<string, { body: Promise<T>; at: GlobalPosition }>();
  const newEnough = (at: GlobalPosition, readAfter: GlobalPosition | null) =>
    readAfter === null || comparePositions(at, readAfter) >= 0;
  return {
    /**
     * The answer under `key`: kept, or computed now at `visible` (the read model's position when
     * the request asks; nothing is kept while it is unknown).
     */
    async get(
      key: string,
      visible: GlobalPosition | null,
      readAfter: GlobalPosition | null,
      compute: () => Promise<T>,
    ): Promise<T> {
      if (visible === null) return compute();
      const hit = kept.get(key);
      if (hit && now() < hit.until && newEnough(hit.at, readAfter)) return hit.body;
      const pending = running.get(key);
      if (pending && newEnough(pending.at, readAfter)) return pending.body;
      const body = compute();
      const run = { body, at: visible };
      running.set(key, run);
      try {
        const answer = await body;
        const current = kept.get(key);
        // An older computation finishing late never replaces a newer one.
        if (!current || comparePositions(visible, current.at) >= 0) {
          kept.delete(key);
          kept.set(key, { body: answer, at: visible, until: now() + options.ttlMs });
        }
        while (kept.size > options.maxEntries) kept.delete(kept.keys().next().value as string);
        return answer;
      } finally {
        if (running.get(key) === run) running.delete(key);
      }
    },
  };
};
