import { z } from 'zod';
import { commandAckSchema } from '../queries/commands';
import type { RouteDefinition } from './routes';

const route = <const R extends RouteDefinition>(r: R): R => r;

/** GET /api/opps/:id/waitlist: the caller's place on the waitlist (null when not waiting). */
export const waitlistStatusSchema = z.object({
  /** 1 for the first person waiting. */
  position: z.number().int().min(1).nullable(),
  /** How many people are waiting. */
  count: z.number().int().min(0),
});
export type WaitlistStatus = z.infer<typeof waitlistStatusSchema>;

/** GET /api/waitlist/promotions: the caller's promotions, newest first (notifications). */
export const waitlistPromotionsSchema = z.array(
  z.object({
    opportunity_id: z.string(),
    opportunity_name: z.string(),
    starts_at: z.string(),
    promoted_at: z.string(),
  }),
);
export type WaitlistPromotions = z.infer<typeof waitlistPromotionsSchema>;

/** GET /api/calendar/subscription: the caller's private feed URL (an absolute URL path). */
export const calendarSubscriptionSchema = z.object({ path: z.string() });
export type CalendarSubscription = z.infer<typeof calendarSubscriptionSchema>;

/** Waitlists and calendar feeds (ADR 0010), spread into `routes`. */
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
  /** The opportunity as an iCalendar file (text/calendar attachment). */
  getOpportunityCalendar: route({
    method: 'GET',
    path: '/api/opps/:id/calendar',
    auth: 'user',
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
  }),
} as const satisfies Record<string, RouteDefinition>;
