import { Router } from 'express';
import {
  createOrganizationSchema,
  membershipSchema,
  routes,
  texts,
  updateOrganizationSchema,
} from '@campus/contracts';
import { parseOrThrow, requireCaller } from '@campus/infra';
import { commandMetadata, mountRoute, type CommandDeps } from '../http/context';
import { acknowledge, pathId, respond } from '../http/respond';
import {
  changeMembership,
  createOrganization,
  deleteOrganization,
  updateOrganization,
} from './organization-commands';

/** The `:id` of an organization route; anything but a uuid names no organization. */
const NOT_FOUND = texts.notFound.organization;

/** The organizations slice's commands (see contracts' routes table). */
export const organizationsRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(router, routes.createOrganization, deps, async (req, res) => {
    const caller = requireCaller(req);
    const body = parseOrThrow(createOrganizationSchema, req.body ?? {});
    const { organization, outcomes } = await createOrganization(
      deps,
      caller,
      body,
      commandMetadata(req, 'CreateOrganization', deps.clock),
    );
    respond(res, outcomes, 201, organization);
  });

  mountRoute(router, routes.updateOrganization, deps, async (req, res) => {
    const caller = requireCaller(req);
    const organizationId = pathId(req, 'id', NOT_FOUND);
    const changes = parseOrThrow(updateOrganizationSchema, req.body ?? {});
    const outcomes = await updateOrganization(
      deps,
      caller,
      organizationId,
      changes,
      commandMetadata(req, 'UpdateOrganization', deps.clock),
    );
    acknowledge(res, outcomes, organizationId);
  });

  mountRoute(router, routes.deleteOrganization, deps, async (req, res) => {
    const caller = requireCaller(req);
    const organizationId = pathId(req, 'id', NOT_FOUND);
    const outcomes = await deleteOrganization(
      deps,
      caller,
      organizationId,
      commandMetadata(req, 'DeleteOrganization', deps.clock),
    );
    acknowledge(res, outcomes, organizationId);
  });

  const membershipRoute = (change: 'JoinOrganization' | 'LeaveOrganization') =>
    mountRoute(
      router,
      change === 'JoinOrganization' ? routes.joinOrganization : routes.leaveOrganization,
      deps,
      async (req, res) => {
        const caller = requireCaller(req);
        const body = parseOrThrow(membershipSchema, req.body ?? {});
        const outcome = await changeMembership(
          deps,
          caller,
          change,
          body,
          commandMetadata(req, change, deps.clock),
        );
        acknowledge(res, outcome, body.organization_id);
      },
    );
  membershipRoute('JoinOrganization');
  membershipRoute('LeaveOrganization');

  return router;
};
