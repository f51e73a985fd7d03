import { updateMailPreferencesSchema } from '../commands/mail';
import { commandAckSchema } from '../queries/commands';
import { mailPreferencesSchema, unsubscribeResultSchema } from '../queries/mail';
import { route } from './route';

/** Which kinds of mail a person gets (docs/mail.md): their own choice, or a mail's link. */
export const mailRoutes = {
  /** One's own mail preferences (anyone else: 403). */
  getMailPreferences: route({
    method: 'GET',
    path: '/api/users/:id/mail-preferences',
    auth: 'user',
    response: mailPreferencesSchema,
  }),
  /** Turns kinds of one's own mail on or off (anyone else: 403). */
  updateMailPreferences: route({
    method: 'PUT',
    path: '/api/users/:id/mail-preferences',
    auth: 'user',
    body: updateMailPreferencesSchema,
    response: commandAckSchema,
  }),
  /**
   * A mail's one-click unsubscribe (RFC 8058): no token, the signed link is the authentication
   * (404 when it is not valid). Mail programs POST it with `List-Unsubscribe=One-Click` as a form;
   * the body is not read.
   */
  unsubscribe: route({
    method: 'POST',
    path: '/api/mail/unsubscribe/:token',
    auth: 'none',
    response: unsubscribeResultSchema,
  }),
};
