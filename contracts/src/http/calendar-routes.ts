import { calendarSubscriptionSchema } from '../queries/calendar';
import { commandAckSchema } from '../queries/commands';
import { route } from './route';

/** Calendar files and each student's private calendar feed (ADR 0010). */
export const calendarRoutes = {
  /** The opportunity as an iCalendar file (text/calendar attachment). */
  getOpportunityCalendar: route({
    method: 'GET',
    path: '/api/opps/:id/calendar',
    auth: 'user',
    download: 'text/calendar',
  }),
  getCalendarSubscription: route({
    method: 'GET',
    path: '/api/calendar/subscription',
    auth: 'user',
    response: calendarSubscriptionSchema,
  }),
  /** A new link; the old one stops working. */
  resetCalendarSubscription: route({
    method: 'POST',
    path: '/api/calendar/subscription/reset',
    auth: 'user',
    response: commandAckSchema,
  }),
  /**
   * The student's registered opportunities as an iCalendar feed for calendar apps: no bearer
   * token, the secret in the path is the authentication (404 when it is not the current one).
   */
  getCalendarFeed: route({
    method: 'GET',
    path: '/api/calendar/feeds/:token',
    auth: 'none',
    download: 'text/calendar',
  }),
};
