import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  createOrganizationSchema,
  membershipSchema,
  routes,
  texts,
  updateOrganizationSchema,
  type CommandAck,
} from '@campus/contracts';
import { NotFoundError, parseOrThrow, requireCaller } from '@campus/infra';
import {
  commandMetadata,
  mountRoute,
  sendConsistencyToken,
  type CommandDeps,
} from '../http/context';
import {
  changeMembership,
  createOrganization,
  deleteOrganization,
  updateOrganization,
} from './organization-commands';

/** The `:id` of an organization route; anything but a uuid names no organization. */
const organizationIdOf = (req: Request): string => {
  const parsed = z.uuid().safeParse(req.params['id']);
  if (!parsed.success) throw new NotFoundError(texts.notFound.organization);
  return parsed.data;
};

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
    sendConsistencyToken(
      res,
      outcomes.map((o) => o.appended),
    );
    res.status(201).json(organization);
  });

  mountRoute(router, routes.updateOrganization, deps, async (req, res) => {
    const caller = requireCaller(req);
    const organizationId = organizationIdOf(req);
    const changes = parseOrThrow(updateOrganizationSchema, req.body ?? {});
    const outcomes = await updateOrganization(
      deps,
      caller,
      organizationId,
      changes,
      commandMetadata(req, 'UpdateOrganization', deps.clock),
    );
    sendConsistencyToken(
      res,
      outcomes.map((o) => o.appended),
    );
    const ack: CommandAck = { success: true, id: organizationId };
    res.json(ack);
  });

  mountRoute(router, routes.deleteOrganization, deps, async (req, res) => {
    const caller = requireCaller(req);
    const organizationId = organizationIdOf(req);
    const outcomes = await deleteOrganization(
      deps,
      caller,
      organizationId,
      commandMetadata(req, 'DeleteOrganization', deps.clock),
    );
    sendConsistencyToken(
      res,
      outcomes.map((o) => o.appended),
    );
    const ack: CommandAck = { success: true, id: organizationId };
    res.json(ack);
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
        sendConsistencyToken(res, [outcome.appended]);
        const ack: CommandAck = { success: true, id: body.organization_id };
        res.json(ack);
      },
    );
  membershipRoute('JoinOrganization');
  membershipRoute('LeaveOrganization');

  return router;
};
