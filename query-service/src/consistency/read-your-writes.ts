import type { RequestHandler } from 'express';
import {
  CONSISTENCY_STATUS_HEADER,
  CONSISTENCY_TOKEN_HEADER,
  decodeConsistencyToken,
  READ_YOUR_WRITES_WAIT_MS,
} from '@campus/contracts';
import type { VisiblePositionTracker } from './visible-position';

/** A read carrying a consistency token waits (at most 2 s) until the read model has passed it. */
export const readYourWrites =
  (tracker: VisiblePositionTracker, waitMs = READ_YOUR_WRITES_WAIT_MS): RequestHandler =>
  async (req, res, next) => {
    const token = req.get(CONSISTENCY_TOKEN_HEADER);
    const target = token ? decodeConsistencyToken(token) : null;
    if (target) {
      const fresh = await tracker.waitFor(target, waitMs);
      res.set(CONSISTENCY_STATUS_HEADER, fresh ? 'fresh' : 'stale');
    }
    next();
  };
