import { commandAckSchema } from '../queries/commands';
import type { RouteDefinition } from './routes';

const route = <const R extends RouteDefinition>(r: R): R => r;

/** Personal-data routes: an admin erasing a student (spread into `routes`). */
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
} as const satisfies Record<string, RouteDefinition>;
