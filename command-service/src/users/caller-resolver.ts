import { toEmailReservationStreamId, toUserStreamId, type EventStore } from '@campus/contracts';
import { reservationHash, type Caller, type CallerResolver } from '@campus/infra';
import { foldStream } from '../decider/decider';
import { reservationDecider } from '../decider/reservation-decider';
import { userDecider } from './user-decider';

const CACHE_TTL_MS = 5_000;

/**
 * The command side resolves callers from the event store itself (never a possibly stale read
 * model): the email's reservation names the user, the user's stream says whether they are admin.
 */
export const createStreamCallerResolver = (store: EventStore): CallerResolver => {
  // Keyed by the verified email as the token gives it, so a remembered caller costs no hashing.
  const cache = new Map<string, { caller: Caller; at: number }>();
  return async (identity) => {
    if (!identity.email) return null;
    const email = identity.email;
    const hit = cache.get(email);
    if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit.caller;
    const hash = reservationHash(email);
    const reservation = foldStream(
      reservationDecider,
      await store.readStream(toEmailReservationStreamId(hash)),
    );
    if (!reservation.ownerId) return null;
    const user = foldStream(
      userDecider,
      await store.readStream(toUserStreamId(reservation.ownerId)),
    );
    if (!user.registered) return null;
    const caller = { userId: reservation.ownerId, admin: user.admin };
    cache.set(email, { caller, at: Date.now() });
    if (cache.size > 10_000) cache.delete(cache.keys().next().value as string);
    return caller;
  };
};
