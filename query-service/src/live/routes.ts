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
      const hub = deps.live;
      if (!hub) {
        res.set('Retry-After', String(RETRY_AFTER_SECONDS));
        throw new ServiceUnavailableError(texts.live.off);
      }
      if (!hub.hasRoomFor(caller)) {
        res.set('Retry-After', String(RETRY_AFTER_SECONDS));
        throw new TooManyRequestsError(texts.live.tooManyStreams);
      }
      hub.open(caller, res, req.get('last-event-id') ?? null);
    },
  );
  return router;
};
