import { z } from 'zod';

/** The answer of commands that create nothing to show: what happened, and to which id. */
export const commandAckSchema = z.object({ success: z.literal(true), id: z.string().optional() });
export type CommandAck = z.infer<typeof commandAckSchema>;

/** POST /upload */
export const uploadResponseSchema = z.object({ url: z.string() });

/** POST /api/approvals: per-item outcome, so the UI can roll back only what failed. */
export const bulkApproveResponseSchema = z.object({
  approved: z.object({
    opportunity_ids: z.array(z.string()),
    organization_ids: z.array(z.string()),
  }),
  failed: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['opportunity', 'organization']),
      message: z.string(),
    }),
  ),
});
