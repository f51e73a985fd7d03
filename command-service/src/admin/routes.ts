import { Router } from 'express';
import { bulkApproveSchema, routes } from '@campus/contracts';
import { AppError, parseOrThrow, requireCaller } from '@campus/infra';
import type { CommandOutcome } from '../decider/decider';
import {
  commandMetadata,
  mountRoute,
  sendConsistencyToken,
  type CommandDeps,
} from '../http/context';
import { approveOpportunity } from '../opportunities/approval';
import { updateOrganization } from '../organizations/organization-commands';

type Failure = { id: string; kind: 'opportunity' | 'organization'; message: string };

/**
 * POST /api/approvals: the Admin Panel's 'Approve Selected'. Each item is approved on its own
 * stream; the answer says which were approved and which failed (with why), so the UI rolls back
 * only those.
 */
export const adminRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(router, routes.bulkApprove, deps, async (req, res) => {
    const caller = requireCaller(req);
    const body = parseOrThrow(bulkApproveSchema, req.body ?? {});
    const metadata = commandMetadata(req, 'BulkApprove', deps.clock);
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

    sendConsistencyToken(
      res,
      outcomes.map((o) => o.appended),
    );
    res.json({ approved, failed });
  });

  return router;
};
