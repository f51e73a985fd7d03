import { reservationHash, type Caller, type CallerResolver, type Pool } from '@campus/infra';
import type { VisiblePositionTracker } from '../consistency/visible-position';
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

const MAX_AGE_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Remembers each email's registered caller at the read model's visible position, so
 * a client's burst of reads resolves its caller once instead of a statement per request. The
 * read model only changes with an event it has applied, which moves the position: an entry
 * serves only requests that arrive while the position is the one current when it was read
 * (older data is never answered after the read model moved on), and for a few seconds at most.
 * Concurrent lookups of one email at one position share one statement; "no such user" and
 * failures are not kept (the command side keeps only found callers too).
 */
export const cachedCallerResolver = (
  resolve: CallerResolver,
  tracker: Pick<VisiblePositionTracker, 'current'>,
  now: () => number = Date.now,
): CallerResolver => {
  const kept = new Map<string, { caller: Promise<Caller | null>; until: number }>();
  return (identity) => {
    const visible = tracker.current();
    if (!visible || !identity.email) return resolve(identity);
    const key = `${String(visible.txn)}:${String(visible.seq)}:${identity.email}`;
    const hit = kept.get(key);
    if (hit && now() < hit.until) return hit.caller;
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
