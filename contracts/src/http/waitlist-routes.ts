import { commandAckSchema } from '../queries/commands';
import { waitlistPromotionsSchema, waitlistStatusSchema } from '../queries/waitlist';
import { route } from './route';

/** Waitlists of full opportunities (ADR 0010). */
export const waitlistRoutes = {
  /** The caller joins the waitlist of a full opportunity. */
  joinWaitlist: route({
    method: 'POST',
    path: '/api/opps/:id/waitlist',
    auth: 'user',
    response: commandAckSchema,
  }),
  /** The caller leaves the waitlist. */
  leaveWaitlist: route({
    method: 'DELETE',
    path: '/api/opps/:id/waitlist',
    auth: 'user',
    response: commandAckSchema,
  }),
  getWaitlistStatus: route({
    method: 'GET',
    path: '/api/opps/:id/waitlist',
    auth: 'user',
    response: waitlistStatusSchema,
  }),
  getWaitlistPromotions: route({
    method: 'GET',
    path: '/api/waitlist/promotions',
    auth: 'user',
    response: waitlistPromotionsSchema,
  }),
};
