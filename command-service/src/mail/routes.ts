import { Router } from 'express';
import {
  routes,
  texts,
  updateMailPreferencesSchema,
  verifyUnsubscribeToken,
  type UnsubscribeResult,
} from '@campus/contracts';
import { parseOrThrow, requireCaller } from '@campus/infra';
import { ForbiddenError, NotFoundError } from '../errors';
import { commandMetadata, mountRoute, type CommandDeps } from '../http/context';
import { acknowledge, pathId, respond } from '../http/respond';
import { changeMailPreferences } from './mail-commands';

/**
 * Mail preferences (docs/mail.md): a person turns kinds of their own mail on or off, or one kind
 * off through a mail's signed unsubscribe link (RFC 8058 one-click: no sign-in, the body is not
 * read, and a link used again changes nothing).
 */
export const mailRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(router, routes.updateMailPreferences, deps, async (req, res) => {
    const caller = requireCaller(req);
    const userId = pathId(req, 'id');
    if (userId !== caller.userId) throw new ForbiddenError(texts.mailPreferences.onlyOwner);
    const changes = parseOrThrow(updateMailPreferencesSchema, req.body ?? {});
    const outcome = await changeMailPreferences(
      deps,
      { type: 'UpdateMailPreferences', userId, changes, now: deps.clock.now() },
      commandMetadata(req, 'UpdateMailPreferences', deps.clock),
    );
    acknowledge(res, outcome, userId);
  });

  mountRoute(router, routes.unsubscribe, deps, async (req, res) => {
    const token = typeof req.params['token'] === 'string' ? req.params['token'] : '';
    const link = await verifyUnsubscribeToken(deps.config.MAIL_LINK_SECRET, token);
    if (!link) throw new NotFoundError(texts.mailPreferences.unsubscribe.invalidLink);
    const outcome = await changeMailPreferences(
      deps,
      { type: 'Unsubscribe', userId: link.userId, topic: link.topic, now: deps.clock.now() },
      commandMetadata(req, 'Unsubscribe', deps.clock),
    );
    const body: UnsubscribeResult = { topic: link.topic, off: true };
    respond(res, outcome, 200, body);
  });

  return router;
};
