import { z } from 'zod';

/** The answer of POST /api/opps/:id/check-in. */
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
