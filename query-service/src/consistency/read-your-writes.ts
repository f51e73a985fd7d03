import type { Request, Response } from 'express';
import {
  CONSISTENCY_STATUS_HEADER,
  CONSISTENCY_TOKEN_HEADER,
  decodeConsistencyToken,
  READ_YOUR_WRITES_WAIT_MS,
  type GlobalPosition,
} from '@campus/contracts';
import type { VisiblePositionTracker } from './visible-position';

const READ_AFTER = 'readAfter';

/**
 * The position the request's consistency token names (its client's newest write), or null without
 * one: an answer kept from before that position must not be given to this request.
 */
export const readAfterOf = (res: Response): GlobalPosition | null => {
  const target: unknown = res.locals[READ_AFTER];
  return typeof target === 'object' && target !== null ? (target as GlobalPosition) : null;
};

/**
 * A read carrying a consistency token waits (at most 2 s) until the read model has passed it.
 * Given to requireAuth as its `afterAuthentication` step, so it runs only once the caller's token
 * is verified: an anonymous or badly signed request never holds a connection open by waiting.
 */
export const readYourWrites =
  (tracker: VisiblePositionTracker, waitMs = READ_YOUR_WRITES_WAIT_MS) =>
  async (req: Request, res: Response): Promise<void> => {
    const token = req.get(CONSISTENCY_TOKEN_HEADER);
    const target = token ? decodeConsistencyToken(token) : null;
    if (!target) return;
    res.locals[READ_AFTER] = target;
    const fresh = await tracker.waitFor(target, waitMs);
    res.set(CONSISTENCY_STATUS_HEADER, fresh ? 'fresh' : 'stale');
  };
