import { Router, type Response } from 'express';
import {
  IMPACT_REPORTS_PER_HOUR,
  requestReportSchema,
  routes,
  serviceDataRangeSchema,
  startReplaySchema,
  texts,
  impactTexts,
} from '@campus/contracts';
import { parseOrThrow, requireAuth, requireCaller, withRedisDeadline } from '@campus/infra';
import {
  enqueueReplay,
  enqueueReport,
  mayAccessReport,
  reportFileName,
  reportsBuiltInLastHour,
  streamReport,
  type JobQueues,
  type ReportRequest,
} from '@campus/read-model';
import { ForbiddenError, ServiceUnavailableError, TooManyRequestsError } from '../errors';
import { mountRoute, type CommandDeps } from '../http/context';

const queuesOf = (deps: CommandDeps): JobQueues => {
  if (!deps.jobs) throw new ServiceUnavailableError('The job queues are not configured');
  return deps.jobs;
};

/**
 * Answers 202 with what enqueueing a job answered (the job to watch); a Redis that does not take
 * the job within its command timeout fails the request (503).
 */
const accepted = async (res: Response, enqueued: Promise<unknown>) => {
  res.status(202).json(await withRedisDeadline(null, enqueued));
};

/**
 * Admin operations the command service answers: enqueue a report or a replay (BullMQ jobs the
 * projection worker runs; the answer names the job to watch), and the service data CSV, a read
 * that is a POST, produced by the same code as the report jobs.
 */
export const operationsCommandRouter = (deps: CommandDeps): Router => {
  const router = Router();

  // Admins ask for any report; a host for a table of the impact dashboard of an organization they
  // host (docs/impact.md).
  mountRoute(router, routes.requestReport, deps, async (req, res) => {
    const caller = requireCaller(req);
    const body = parseOrThrow(requestReportSchema, req.body ?? {});
    const subject = {
      kind: body.kind,
      organizationId: body.kind === 'impact' ? body.organization_id : null,
    };
    if (!(await mayAccessReport(deps.pool, caller, subject))) {
      throw new ForbiddenError(
        body.kind === 'impact' ? impactTexts.errors.notHost : texts.auth.adminsOnly,
      );
    }
    // Each report of another range or day is a file kept on disk: a host's are counted.
    if (
      !caller.admin &&
      (await reportsBuiltInLastHour(deps.pool, caller.userId)) >= IMPACT_REPORTS_PER_HOUR
    ) {
      throw new TooManyRequestsError(impactTexts.errors.tooManyReports);
    }
    await accepted(res, enqueueReport(queuesOf(deps), deps.pool, body, caller.userId));
  });

  mountRoute(router, routes.startReplay, deps, async (req, res) => {
    const caller = requireCaller(req);
    const { projection } = parseOrThrow(startReplaySchema, req.body ?? {});
    await accepted(res, enqueueReplay(queuesOf(deps), deps.store, projection, caller.userId));
  });

  // A read: no Idempotency-Key handling (its answer is a file, not a command's JSON).
  router.post(
    routes.serviceDataCsv.path,
    requireAuth(routes.serviceDataCsv.auth, deps.verifier, deps.resolveCaller),
    async (req, res) => {
      const range = parseOrThrow(serviceDataRangeSchema, req.body ?? {});
      const request: ReportRequest = {
        kind: 'service-data',
        start: range.start_date,
        end: range.end_date,
      };
      res.type('text/csv').attachment(reportFileName(request));
      await streamReport(deps.pool, request, res);
    },
  );

  return router;
};
