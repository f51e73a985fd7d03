import { Router, type Response } from 'express';
import { buildPath, routes, texts, type CalendarSubscription } from '@campus/contracts';
import { NotFoundError, requireCaller, type Pool } from '@campus/infra';
import { idParam, mountQuery, type QueryDeps } from '../http/context';
import { readableSql, selectOpportunities } from '../opportunities/queries';
import { feedTokenOf, feedTokenUser, isFeedTokenValid } from './feed-token';
import { icsFileName, icsOf, type CalendarOpportunity } from './ics';

/** The generation of a student's calendar link (-1 until their first reset). */
const generationOf = async (pool: Pool, userId: string): Promise<string> => {
  const { rows } = await pool.query<{ generation: string }>(
    'SELECT generation::text FROM read.calendar_feeds WHERE user_id = $1::uuid',
    [userId],
  );
  return rows[0]?.generation ?? '-1';
};

const sendIcs = (res: Response, body: string, fileName?: string) => {
  res.setHeader('Content-Type', 'text/calendar; charset=utf-8');
  res.setHeader('Cache-Control', 'private, no-store');
  if (fileName) res.attachment(fileName);
  res.send(body);
};

/**
 * 'Add to calendar' for one opportunity, and each student's private subscription feed of the
 * opportunities they are registered for (ADR 0010). The same UID in both, so an app that has
 * the file and the feed keeps one event.
 */
export const calendarQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();
  const { pool, config } = deps;
  const domain = config.UNIVERSITY_DOMAIN;
  const secret = config.CALENDAR_FEED_SECRET;

  mountQuery(router, routes.getOpportunityCalendar, deps, async (req, res) => {
    const caller = requireCaller(req);
    const id = idParam(req);
    const rows = id
      ? await selectOpportunities(pool, caller, `o.id = $3::uuid AND ${readableSql}`, 'o.id', [id])
      : [];
    const row = rows[0];
    if (!row) throw new NotFoundError(texts.notFound.opportunity);
    sendIcs(res, icsOf(row.name, domain, [row], deps.clock.now()), icsFileName(row.name));
  });

  mountQuery(router, routes.getCalendarSubscription, deps, async (req, res) => {
    const caller = requireCaller(req);
    const token = feedTokenOf(secret, caller.userId, await generationOf(pool, caller.userId));
    const body: CalendarSubscription = {
      path: buildPath(routes.getCalendarFeed.path, { token }),
    };
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(body);
  });

  mountQuery(router, routes.getCalendarFeed, deps, async (req, res) => {
    const token = typeof req.params['token'] === 'string' ? req.params['token'] : '';
    const userId = feedTokenUser(token);
    if (!userId || !isFeedTokenValid(secret, token, userId, await generationOf(pool, userId)))
      throw new NotFoundError(texts.calendar.feedNotFound);
    const { rows } = await pool.query<CalendarOpportunity>(
      `SELECT o.id::text, o.name, o.description, o.address, o.nonprofit, o.starts_at,
              o.duration_minutes
         FROM read.signups s JOIN read.opportunities o ON o.id = s.opportunity_id
        WHERE s.user_id = $1::uuid AND s.registered AND NOT o.deleted
        ORDER BY o.starts_at, o.id`,
      [userId],
    );
    sendIcs(res, icsOf(texts.calendar.feedName, domain, rows, deps.clock.now()));
  });

  return router;
};
