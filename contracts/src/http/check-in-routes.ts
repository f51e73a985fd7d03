import { z } from 'zod';
import type { RouteDefinition } from './routes';

const route = <const R extends RouteDefinition>(r: R): R => r;

/** POST /api/opps/:id/check-in: the code read from the host's QR code. */
export const checkInSchema = z.object({
  token: z.string().trim().min(1, 'Required').max(200, 'Too long'),
});
export type CheckIn = z.infer<typeof checkInSchema>;

export const checkInResultSchema = z.object({
  success: z.literal(true),
  /** True when the participant had checked in before (nothing new was recorded). */
  already_checked_in: z.boolean(),
  /**
   * The opportunity's name, for the confirmation; absent from the answers of older command
   * services, so a reader must not require it.
   */
  opportunity_name: z.string().optional(),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;

/** GET /api/opps/:id/check-in-token: the host's current code and the URL its QR code encodes. */
export const checkInTokenSchema = z.object({
  token: z.string(),
  /** The app path a student opens: `/check-in/{opportunityId}?t=<token>`. */
  path: z.string(),
  /** When this code stops being the current one (it is still accepted one window longer). */
  expires_at: z.string(),
  window_ms: z.number().int(),
});
export type CheckInToken = z.infer<typeof checkInTokenSchema>;

/** GET /api/opps/:id/check-ins: who checked in, for the host's attendance form. */
export const checkInListSchema = z.object({
  user_ids: z.array(z.string()),
});
export type CheckInList = z.infer<typeof checkInListSchema>;

/** QR check-in (spread into `routes`). The host-only rules are decided by the handlers. */
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
} as const satisfies Record<string, RouteDefinition>;
