import { Router } from 'express';
import { routes, texts, type WaitlistPromotions, type WaitlistStatus } from '@campus/contracts';
import { NotFoundError, requireCaller } from '@campus/infra';
import { idParam, mountQuery, type QueryDeps } from '../http/context';
import { readableSql, selectOpportunities } from '../opportunities/queries';

/** The caller's place on a waitlist, and their promotions (the notifications page), ADR 0010. */
export const waitlistQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();
  const { pool } = deps;

  mountQuery(router, routes.getWaitlistStatus, deps, async (req, res) => {
    const caller = requireCaller(req);
    const id = idParam(req);
    const readable = id
      ? await selectOpportunities(pool, caller, `o.id = $3::uuid AND ${readableSql}`, 'o.id', [id])
      : [];
    if (!id || readable.length === 0) throw new NotFoundError(texts.notFound.opportunity);
    const { rows } = await pool.query<{ position: number | null; count: number }>(
      `SELECT (SELECT count(*)::integer FROM read.waitlist WHERE opportunity_id = $1::uuid) AS count,
              (SELECT r.position FROM (
                 SELECT user_id, row_number() OVER (ORDER BY stream_revision)::integer AS position
                   FROM read.waitlist WHERE opportunity_id = $1::uuid) r
                WHERE r.user_id = $2::uuid) AS position`,
      [id, caller.userId],
    );
    const body: WaitlistStatus = {
      position: rows[0]?.position ?? null,
      count: rows[0]?.count ?? 0,
    };
    res.json(body);
  });

  mountQuery(router, routes.getWaitlistPromotions, deps, async (req, res) => {
    const caller = requireCaller(req);
    const { rows } = await pool.query<{
      opportunity_id: string;
      opportunity_name: string;
      starts_at: Date;
      promoted_at: Date;
    }>(
      `SELECT p.opportunity_id::text, p.opportunity_name, p.starts_at, p.promoted_at
         FROM read.waitlist_promotions p
         JOIN read.opportunities o ON o.id = p.opportunity_id AND NOT o.deleted
        WHERE p.user_id = $1::uuid
        ORDER BY p.promoted_at DESC, p.event_id
        LIMIT 50`,
      [caller.userId],
    );
    const body: WaitlistPromotions = rows.map((r) => ({
      opportunity_id: r.opportunity_id,
      opportunity_name: r.opportunity_name,
      starts_at: r.starts_at.toISOString(),
      promoted_at: r.promoted_at.toISOString(),
    }));
    res.json(body);
  });

  return router;
};
