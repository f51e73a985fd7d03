import { Router, type Request, type Response } from 'express';
import {
  createOpportunitySchema,
  markAttendanceSchema,
  postAnnouncementSchema,
  routes,
  signupSchema,
  updateOpportunitySchema,
  type CommandAck,
} from '@campus/contracts';
import { parseOrThrow, requireCaller } from '@campus/infra';
import type { CommandOutcome } from '../decider/decider';
import {
  commandMetadata,
  mountRoute,
  sendConsistencyToken,
  type CommandDeps,
} from '../http/context';
import { multipartForm } from '../uploads/multipart';
import {
  createOpportunity,
  deleteOpportunity,
  markAttendance,
  postAnnouncement,
  signUp,
  unregister,
  updateOpportunity,
} from './opportunity-commands';

const acknowledge = (res: Response, outcome: CommandOutcome, id: string, status = 200) => {
  sendConsistencyToken(res, [outcome.appended]);
  const body: CommandAck = { success: true, id };
  res.status(status).json(body);
};

const pathId = (req: Request): string => {
  const id = req.params['id'];
  return typeof id === 'string' ? id : '';
};

/** The opportunities slice's commands (see contracts' routes table); all on one stream per opportunity. */
export const opportunitiesRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(router, routes.createOpportunity, deps, multipartForm('image'), async (req, res) => {
    const caller = requireCaller(req);
    const body = parseOrThrow(createOpportunitySchema, req.body ?? {});
    const { opportunity, outcome } = await createOpportunity(
      deps,
      caller,
      body,
      req.file?.buffer,
      commandMetadata(req, 'CreateOpportunity', deps.clock),
    );
    sendConsistencyToken(res, [outcome.appended]);
    res.status(201).json(opportunity);
  });

  mountRoute(router, routes.updateOpportunity, deps, async (req, res) => {
    const edit = parseOrThrow(updateOpportunitySchema, req.body ?? {});
    const outcome = await updateOpportunity(
      deps,
      requireCaller(req),
      pathId(req),
      edit,
      commandMetadata(req, 'UpdateOpportunity', deps.clock),
    );
    acknowledge(res, outcome, pathId(req));
  });

  mountRoute(router, routes.deleteOpportunity, deps, async (req, res) => {
    const outcome = await deleteOpportunity(
      deps,
      requireCaller(req),
      pathId(req),
      commandMetadata(req, 'DeleteOpportunity', deps.clock),
    );
    acknowledge(res, outcome, pathId(req));
  });

  mountRoute(router, routes.postAnnouncement, deps, async (req, res) => {
    const { text } = parseOrThrow(postAnnouncementSchema, req.body ?? {});
    const outcome = await postAnnouncement(
      deps,
      requireCaller(req),
      pathId(req),
      text,
      commandMetadata(req, 'PostAnnouncement', deps.clock),
    );
    acknowledge(res, outcome, pathId(req), 201);
  });

  mountRoute(router, routes.signUp, deps, async (req, res) => {
    const body = parseOrThrow(signupSchema, req.body ?? {});
    const outcome = await signUp(
      deps,
      requireCaller(req),
      body,
      commandMetadata(req, 'SignUpForOpportunity', deps.clock),
    );
    acknowledge(res, outcome, body.opportunity_id, 201);
  });

  mountRoute(router, routes.unregister, deps, async (req, res) => {
    const body = parseOrThrow(signupSchema, req.body ?? {});
    const outcome = await unregister(
      deps,
      requireCaller(req),
      body,
      commandMetadata(req, 'UnregisterFromOpportunity', deps.clock),
    );
    acknowledge(res, outcome, body.opportunity_id);
  });

  mountRoute(router, routes.markAttendance, deps, async (req, res) => {
    const body = parseOrThrow(markAttendanceSchema, req.body ?? {});
    const outcome = await markAttendance(
      deps,
      requireCaller(req),
      body,
      commandMetadata(req, 'MarkAttendance', deps.clock),
    );
    acknowledge(res, outcome, body.opportunity_id);
  });

  return router;
};
