import { Router } from 'express';
import { routes, texts } from '@campus/contracts';
import {
  refuseControlCharacters,
  requireAuth,
  requireCaller,
  ServiceUnavailableError,
  TooManyRequestsError,
} from '@campus/infra';
import { readYourWrites } from '../consistency/read-your-writes';
import type { QueryDeps } from '../http/context';

/** How long a refused stream's client waits before it tries again. */
const RETRY_AFTER_SECONDS = 60;

/**
 * GET /api/live: the caller's stream of changes (docs/live-updates.md). Signed-in callers only;
 * a sixth stream of one person is refused (429), and without a hub (the EventStoreDB store, whose
 * positions this service cannot read the log between) the answer is 503: clients keep fetching.
 */
export const liveQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();
  router.get(
    routes.liveUpdates.path,
    refuseControlCharacters(),
    // A new account's first stream carries the token of its registration (like every read).
    requireAuth(routes.liveUpdates.auth, deps.verifier, deps.resolveCaller, {
      afterAuthentication: readYourWrites(deps.tracker),
    }),
    (req, res) => {
      const caller = requireCaller(req);
      // Gone while it was authenticated (or waited for its token): nothing to open, no slot held.
      if (req.socket.destroyed || res.closed) return;
      const hub = deps.live;
      if (!hub) {
        res.set('Retry-After', String(RETRY_AFTER_SECONDS));
        throw new ServiceUnavailableError(texts.live.off);
      }
      if (!hub.hasRoomFor(caller)) {
        res.set('Retry-After', String(RETRY_AFTER_SECONDS));
        throw new TooManyRequestsError(texts.live.tooManyStreams);
      }
      // A HEAD asks whether a stream would open: the headers, and no stream.
      if (req.method === 'HEAD') {
        res.status(200).type('text/event-stream').end();
        return;
      }
      hub.open(caller, res, req.get('last-event-id') ?? null);
    },
  );
  return router;
};
