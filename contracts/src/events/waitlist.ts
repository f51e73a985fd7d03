import { z } from 'zod';

/**
 * The waitlist of a full opportunity lives on the opportunity's own stream (`opportunity-<id>`), so
 * joining, leaving and promotion are decided with the signups they depend on (ADR 0010).
 */

/** A user joined the waitlist of a full opportunity; their position is the order of joining. */
export const waitlistJoinedSchema = z.object({
  v: z.literal(1),
  opportunityId: z.uuid(),
  userId: z.uuid(),
  /** Who did it: the user, or an admin. */
  byUserId: z.uuid(),
  at: z.iso.datetime(),
});

/** A user left the waitlist by choice (a promotion or a direct signup ends the wait on its own). */
export const waitlistLeftSchema = z.object({
  v: z.literal(1),
  opportunityId: z.uuid(),
  userId: z.uuid(),
  byUserId: z.uuid(),
  at: z.iso.datetime(),
});

/** Why a slot freed for the first person waiting. */
const WAITLIST_PROMOTION_REASONS = ['unregistration', 'slots-raised'] as const;

/**
 * The first person waiting was registered because a slot freed. It always directly follows the
 * `UserSignedUp` of the same user (same decision, same append), which is what registers them and
 * counts for points; this event is the notice (notification, email). It carries the opportunity's
 * name and start as they were at that moment, so a message can be written without a read model.
 */
export const waitlistPromotedSchema = z.object({
  v: z.literal(1),
  opportunityId: z.uuid(),
  userId: z.uuid(),
  reason: z.enum(WAITLIST_PROMOTION_REASONS),
  opportunityName: z.string(),
  /** The opportunity's start (UTC instant). */
  startsAt: z.iso.datetime(),
  at: z.iso.datetime(),
});

export type WaitlistJoined = z.infer<typeof waitlistJoinedSchema>;
export type WaitlistLeft = z.infer<typeof waitlistLeftSchema>;
export type WaitlistPromoted = z.infer<typeof waitlistPromotedSchema>;
export type WaitlistPromotionReason = (typeof WAITLIST_PROMOTION_REASONS)[number];
