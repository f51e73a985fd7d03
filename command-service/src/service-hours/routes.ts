import { Router } from 'express';
import {
  decideServiceHoursSchema,
  logServiceHoursSchema,
  routes,
  setLoggedHoursScoringSchema,
  serviceHoursTexts,
} from '@campus/contracts';
import { parseOrThrow, requireCaller } from '@campus/infra';
import { commandMetadata, mountRoute, type CommandDeps } from '../http/context';
import { acknowledge, pathId } from '../http/respond';
import {
  decideServiceHours,
  logServiceHours,
  setLoggedHoursScoring,
} from './service-hours-commands';

/**
 * Service hours logged off the platform, their verification, and the admins' rule on whether they
 * earn points (docs/service-hours.md).
 */
export const serviceHoursRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(router, routes.logServiceHours, deps, async (req, res) => {
    const caller = requireCaller(req);
    const body = parseOrThrow(logServiceHoursSchema, req.body ?? {});
    const { logId, outcome } = await logServiceHours(
      deps,
      caller,
      body,
      commandMetadata(req, 'LogServiceHours', deps.clock),
    );
    acknowledge(res, outcome, logId, 201);
  });

  mountRoute(router, routes.decideServiceHours, deps, async (req, res) => {
    const caller = requireCaller(req);
    const logId = pathId(req, 'id', serviceHoursTexts.errors.logNotFound).toLowerCase();
    const body = parseOrThrow(decideServiceHoursSchema, req.body ?? {});
    const outcome = await decideServiceHours(
      deps,
      caller,
      logId,
      body,
      commandMetadata(req, 'DecideServiceHours', deps.clock),
    );
    acknowledge(res, outcome, logId);
  });

  mountRoute(router, routes.setLoggedHoursScoring, deps, async (req, res) => {
    const caller = requireCaller(req);
    const { earn_points: earnPoints } = parseOrThrow(setLoggedHoursScoringSchema, req.body ?? {});
    const outcome = await setLoggedHoursScoring(
      deps,
      caller,
      earnPoints,
      commandMetadata(req, 'SetLoggedHoursScoring', deps.clock),
    );
    acknowledge(res, outcome);
  });

  return router;
};
