import { z } from 'zod';
import { idSchema } from './common';

export const APPROVE_NOTHING_SELECTED = 'Please select at least one item to approve.';

/** POST /api/approvals: the Admin Panel's 'Approve Selected'. */
export const bulkApproveSchema = z
  .object({
    opportunity_ids: z.array(idSchema('opportunity_ids')).max(1_000).default([]),
    organization_ids: z.array(idSchema('organization_ids')).max(1_000).default([]),
  })
  .refine(
    (b) => b.opportunity_ids.length + b.organization_ids.length > 0,
    APPROVE_NOTHING_SELECTED,
  );
export type BulkApprove = z.output<typeof bulkApproveSchema>;
