import { reservationHash, type Caller, type CallerResolver, type Pool } from '@campus/infra';
import { prepared } from '../shared/sql';

/** The query side resolves callers from the read model. */
export const createReadModelCallerResolver =
  (pool: Pool): CallerResolver =>
  async (identity) => {
    if (!identity.email) return null;
    const { rows } = await pool.query<{ id: string; admin: boolean }>(
      prepared('SELECT id, admin FROM read.users WHERE email_hash = $1', [
        reservationHash(identity.email),
      ]),
    );
    const row = rows[0];
    return row ? { userId: row.id, admin: row.admin } : null;
  };

/** Bounds what a missed notification could leave stale (callers only change by the events above). */
const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * Remembers each email's registered caller until an event that can change a caller becomes
 * visible (`generation`, a watch of the visible position over `affectsCallers` of
 * consistency/event-effects.ts), and for 30 s at most, so a client's reads resolve its caller once instead of a statement per request, also
 * while other writes move the read model on (signups, friendships, ...). `generation` is null while
 * the read model's position is unknown: nothing is kept then. Concurrent lookups of one email
 * share one statement; "no such user" and failures are not kept (the command side keeps only
 * found callers too).
 */
export const cachedCallerResolver = (
  resolve: CallerResolver,
  generation: () => number | null,
  now: () => number = Date.now,
): CallerResolver => {
  const kept = new Map<string, { caller: Promise<Caller | null>; until: number }>();
  return (identity) => {
    const at = generation();
    if (at === null || !identity.email) return resolve(identity);
    const key = `${String(at)}:${identity.email}`;
    const hit = kept.get(key);
    if (hit && now() < hit.until) return hit.caller;
    kept.delete(key);
    const caller = resolve(identity);
    kept.set(key, { caller, until: now() + MAX_AGE_MS });
    // Only a registered caller is kept: someone registering right now is asked for again.
    caller.then(
      (found) => (found ? undefined : kept.delete(key)),
      () => kept.delete(key),
    );
    while (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value as string);
    return caller;
  };
};
