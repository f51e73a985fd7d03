import { Router } from 'express';
import {
  createOpportunitySchema,
  markAttendanceSchema,
  postAnnouncementSchema,
  routes,
  signupSchema,
  texts,
  updateOpportunitySchema,
} from '@campus/contracts';
import { parseOrThrow, requireCaller } from '@campus/infra';
import { commandMetadata, mountRoute, type CommandDeps } from '../http/context';
import { acknowledge, pathId, respond } from '../http/respond';
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

/** The opportunity a path names: anything but an id names none (404). */
const NOT_FOUND = texts.notFound.opportunity;

/** The opportunities slice's commands (see contracts' routes table); all on one stream per opportunity. */
export const opportunitiesRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(
    router,
    routes.createOpportunity,
    deps,
    multipartForm(routes.createOpportunity.multipart.file),
    async (req, res) => {
      const caller = requireCaller(req);
      const body = parseOrThrow(createOpportunitySchema, req.body ?? {});
      const { opportunity, outcome } = await createOpportunity(
        deps,
        caller,
        body,
        req.file?.buffer,
        commandMetadata(req, 'CreateOpportunity', deps.clock),
      );
      respond(res, outcome, 201, opportunity);
    },
  );

  mountRoute(router, routes.updateOpportunity, deps, async (req, res) => {
    const edit = parseOrThrow(updateOpportunitySchema, req.body ?? {});
    const id = pathId(req, 'id', NOT_FOUND);
    const outcome = await updateOpportunity(
      deps,
      requireCaller(req),
      id,
      edit,
      commandMetadata(req, 'UpdateOpportunity', deps.clock),
    );
    acknowledge(res, outcome, id);
  });

  mountRoute(router, routes.deleteOpportunity, deps, async (req, res) => {
    const id = pathId(req, 'id', NOT_FOUND);
    const outcome = await deleteOpportunity(
      deps,
      requireCaller(req),
      id,
      commandMetadata(req, 'DeleteOpportunity', deps.clock),
    );
    acknowledge(res, outcome, id);
  });

  mountRoute(router, routes.postAnnouncement, deps, async (req, res) => {
    const { text } = parseOrThrow(postAnnouncementSchema, req.body ?? {});
    const id = pathId(req, 'id', NOT_FOUND);
    const outcome = await postAnnouncement(
      deps,
      requireCaller(req),
      id,
      text,
      commandMetadata(req, 'PostAnnouncement', deps.clock),
    );
    acknowledge(res, outcome, id, 201);
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
