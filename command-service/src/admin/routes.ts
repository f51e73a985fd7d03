import { Router } from 'express';
import { bulkApproveSchema, routes } from '@campus/contracts';
import { parseOrThrow, requireCaller } from '@campus/infra';
import { commandMetadata, mountRoute, type CommandDeps } from '../http/context';
import { respond } from '../http/respond';
import { bulkApprove } from './admin-commands';

/** The Admin Panel's bulk approval (see bulkApprove). */
export const adminRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(router, routes.bulkApprove, deps, async (req, res) => {
    const caller = requireCaller(req);
    const body = parseOrThrow(bulkApproveSchema, req.body ?? {});
    const { approved, failed, outcomes } = await bulkApprove(
      deps,
      caller,
      body,
      commandMetadata(req, 'BulkApprove', deps.clock),
    );
    respond(res, outcomes, 200, { approved, failed });
  });

  return router;
};
