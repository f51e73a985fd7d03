import type { BulkApprove, EventMetadata } from '@campus/contracts';
import type { Caller } from '@campus/infra';
import type { CommandOutcome } from '../decider/decider';
import { AppError } from '../errors';
import type { CommandDeps } from '../http/context';
import { approveOpportunity } from '../opportunities/opportunity-commands';
import { updateOrganization } from '../organizations/organization-commands';

type Failure = { id: string; kind: 'opportunity' | 'organization'; message: string };

type BulkApproval = {
  readonly approved: { opportunity_ids: string[]; organization_ids: string[] };
  readonly failed: Failure[];
  readonly outcomes: CommandOutcome[];
};

/**
 * POST /api/approvals: the Admin Panel's 'Approve Selected'. Each item is approved on its own
 * stream; the answer says which were approved and which failed (with why), so the UI rolls back
 * only those.
 */
export const bulkApprove = async (
  deps: CommandDeps,
  caller: Caller,
  body: BulkApprove,
  metadata: EventMetadata,
): Promise<BulkApproval> => {
  const outcomes: CommandOutcome[] = [];
  const approved = { opportunity_ids: [] as string[], organization_ids: [] as string[] };
  const failed: Failure[] = [];

  const attempt = async (
    kind: Failure['kind'],
    id: string,
    run: () => Promise<CommandOutcome[]>,
  ) => {
    try {
      outcomes.push(...(await run()));
      (kind === 'opportunity' ? approved.opportunity_ids : approved.organization_ids).push(id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed.push({ id, kind, message: error.message });
    }
  };
  for (const id of new Set(body.opportunity_ids)) {
    await attempt('opportunity', id, async () => [
      await approveOpportunity(deps, caller, id, metadata),
    ]);
  }
  for (const id of new Set(body.organization_ids)) {
    await attempt('organization', id, () =>
      updateOrganization(deps, caller, id, { approved: true }, metadata),
    );
  }
  return { approved, failed, outcomes };
};
