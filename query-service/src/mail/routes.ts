import { Router } from 'express';
import { MAIL_TOPICS, routes, texts, type MailPreferences } from '@campus/contracts';
import { ForbiddenError, requireCaller } from '@campus/infra';
import { idParam, mountQuery, type QueryDeps } from '../http/context';

/**
 * One's own mail preferences (docs/mail.md): every kind on unless the person turned it off. And
 * the one-click address of a mail's List-Unsubscribe header opened in a browser (mail programs
 * that do not POST it, RFC 2369): sent on to the page, which asks before it acts.
 */
export const mailQueryRouter = (deps: QueryDeps): Router => {
  const router = Router();

  router.get(routes.unsubscribe.path, (req, res) => {
    const token = typeof req.params['token'] === 'string' ? req.params['token'] : '';
    res.redirect(303, `/unsubscribe/${encodeURIComponent(token)}`);
  });

  mountQuery(router, routes.getMailPreferences, deps, async (req, res) => {
    const caller = requireCaller(req);
    if (idParam(req) !== caller.userId) throw new ForbiddenError(texts.mailPreferences.onlyOwner);
    const { rows } = await deps.pool.query<{ off: string[] }>(
      'SELECT off FROM read.mail_preferences WHERE user_id = $1::uuid',
      [caller.userId],
    );
    const off = new Set(rows[0]?.off ?? []);
    const body = Object.fromEntries(
      MAIL_TOPICS.map((topic) => [topic, !off.has(topic)]),
    ) as MailPreferences;
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(body);
  });

  return router;
};
