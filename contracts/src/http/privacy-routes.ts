import { commandAckSchema } from '../queries/commands';
import { route } from './route';

/** Personal-data routes: an admin erasing a student. */
export const privacyRoutes = {
  /**
   * Crypto-shreds the person's data key and records UserErased: name, email, phone, photo and
   * bio become unreadable everywhere (replays included); points, signups and counts stay.
   */
  eraseUser: route({
    method: 'POST',
    path: '/api/admin/users/:id/erase',
    auth: 'admin',
    response: commandAckSchema,
  }),
};
