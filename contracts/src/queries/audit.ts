import { z } from 'zod';

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
    }),
  ),
});
export type OpportunityHistory = z.infer<typeof opportunityHistorySchema>;
