import { z } from 'zod';

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
