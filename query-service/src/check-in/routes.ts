import { Router, type Request } from 'express';
import {
  CHECK_IN_WINDOW_MS,
  issueCheckInToken,
  routes,
  texts,
  type CheckInList,
  type CheckInToken,
} from '@campus/contracts';
import { ForbiddenError, NotFoundError, requireCaller } from '@campus/infra';
import { idParam, mountQuery, type QueryDeps } from '../http/context';

/** The app path a check-in QR code encodes (the frontend's paths.checkIn). */
export const checkInPathOf = (opportunityId: string, token: string) =>
  `/check-in/${opportunityId}?t=${encodeURIComponent(token)}`;

/**
 * QR check-in for the host of the opportunity and admins: the current code (HMAC of the id and
 * the 30-second window with CHECK_IN_SECRET) and who has checked in so far.
 */
export const checkInQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();

  /** The opportunity's id when the caller hosts it or is an admin; 404 / 403 otherwise. */
  const hostedOpportunity = async (req: Request): Promise<string> => {
    const caller = requireCaller(req);
    const id = idParam(req);
    const { rows } = id
      ? await deps.pool.query<{ host_user_id: string }>(
          `SELECT host_user_id::text FROM read.opportunities WHERE id = $1::uuid AND NOT deleted`,
          [id],
        )
      : { rows: [] };
    const row = rows[0];
    if (!id || !row) throw new NotFoundError(texts.notFound.opportunity);
    if (!caller.admin && caller.userId !== row.host_user_id)
      throw new ForbiddenError('Only the host or an admin can check participants in.');
    return id;
  };

  mountQuery(router, routes.getCheckInToken, deps, async (req, res) => {
    const id = await hostedOpportunity(req);
    const { token, expiresAt } = await issueCheckInToken(
      deps.config.CHECK_IN_SECRET,
      id,
      deps.clock.now(),
    );
    const body: CheckInToken = {
      token,
      path: checkInPathOf(id, token),
      expires_at: expiresAt.toISOString(),
      window_ms: CHECK_IN_WINDOW_MS,
    };
    res.set('Cache-Control', 'no-store').json(body);
  });

  mountQuery(router, routes.getCheckIns, deps, async (req, res) => {
    const id = await hostedOpportunity(req);
    const { rows } = await deps.pool.query<{ user_id: string }>(
      `SELECT user_id::text FROM read.check_ins WHERE opportunity_id = $1::uuid
        ORDER BY checked_in_at, user_id`,
      [id],
    );
    const body: CheckInList = { user_ids: rows.map((r) => r.user_id) };
    res.json(body);
  });

  return router;
};
