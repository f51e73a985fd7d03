import { checkInSchema } from '../commands/check-in';
import { checkInListSchema, checkInResultSchema, checkInTokenSchema } from '../queries/check-in';
import { route } from './route';

/** QR check-in. The host-only rules are decided by the handlers. */
export const checkInRoutes = {
  checkIn: route({
    method: 'POST',
    path: '/api/opps/:id/check-in',
    auth: 'user',
    body: checkInSchema,
    response: checkInResultSchema,
  }),
  /** The host of the opportunity or an admin. */
  getCheckInToken: route({
    method: 'GET',
    path: '/api/opps/:id/check-in-token',
    auth: 'user',
    response: checkInTokenSchema,
  }),
  /** The host of the opportunity or an admin. */
  getCheckIns: route({
    method: 'GET',
    path: '/api/opps/:id/check-ins',
    auth: 'user',
    response: checkInListSchema,
  }),
};
