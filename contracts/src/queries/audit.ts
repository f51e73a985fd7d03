import { z } from 'zod';
import { pointsHistoryEntrySchema, pointsHistorySchema } from './users';

/**
 * Why an award deserves a second look (docs/product-rules.md): more minutes than the opportunity
 * was scheduled for, or an opportunity whose host is among its own attendees.
 */
const AWARD_FLAGS = ['longer-than-scheduled', 'host-attended'] as const;
const awardFlagSchema = z.enum(AWARD_FLAGS);
export type AwardFlag = z.infer<typeof awardFlagSchema>;

/** GET /api/admin/opportunities/:id/history: an opportunity's stream, oldest first (admins). */
export const opportunityHistorySchema = z.object({
  opportunity_id: z.string(),
  /** The read model's name, or null if the opportunity never reached it. */
  name: z.string().nullable(),
  entries: z.array(
    z.object({
      /** The event's id. */
      id: z.string(),
      /** When the command was decided (ISO 8601 UTC). */
      at: z.string(),
      /** The event type, e.g. 'UserSignedUp'. */
      type: z.string(),
      actor_id: z.string().nullable(),
      /** The actor's name from the read model; null for system work. */
      actor_name: z.string().nullable(),
      /** One readable line; people appear only by their read-model names. */
      summary: z.string(),
      /** On an AttendanceMarked entry, what the admin should look at twice (empty otherwise). */
      flags: z.array(awardFlagSchema),
    }),
  ),
});
export type OpportunityHistory = z.infer<typeof opportunityHistorySchema>;

/**
 * GET /api/admin/users/:id/points-history: a user's point ledger for the admin audit, in the
 * order and with the running totals of GET /api/users/{id}/points-history (newest first).
 */
export const auditPointsHistorySchema = pointsHistorySchema.extend({
  entries: z.array(
    pointsHistoryEntrySchema.extend({
      /** The opportunity's duration in minutes (fixed once attendance is marked); null if unknown. */
      scheduled_minutes: z.number().int().nullable(),
      /** Set on attendance lines only; a bonus line carries none. */
      flags: z.array(awardFlagSchema),
    }),
  ),
});
export type AuditPointsHistory = z.infer<typeof auditPointsHistorySchema>;
