import { Router } from 'express';
import {
  addApprovedEmailSchema,
  registerUserSchema,
  routes,
  type ProtectedResponse,
} from '@campus/contracts';
import { callerOf, identityOf, parseOrThrow } from '@campus/infra';
import { commandMetadata, mountRoute, type CommandDeps } from '../http/context';
import { acknowledge, respond } from '../http/respond';
import { addApprovedEmail, registerUser } from './user-commands';

export const usersRouter = (deps: CommandDeps): Router => {
  const router = Router();

  mountRoute(router, routes.protectedCheck, deps, (req, res) => {
    const identity = identityOf(req);
    const caller = callerOf(req);
    const body: ProtectedResponse = {
      status: 'authenticated',
      user: {
        uid: identity.uid,
        email: identity.email,
        email_verified: identity.emailVerified,
        id: caller?.userId ?? null,
        admin: caller?.admin ?? false,
      },
    };
    res.json(body);
  });

  mountRoute(router, routes.registerUser, deps, async (req, res) => {
    const body = parseOrThrow(registerUserSchema, req.body ?? {});
    const { user, outcomes } = await registerUser(
      deps,
      identityOf(req),
      body,
      commandMetadata(req, 'RegisterUser', deps.clock),
    );
    respond(res, outcomes, 201, user);
  });

  mountRoute(router, routes.addApprovedEmail, deps, async (req, res) => {
    const { email } = parseOrThrow(addApprovedEmailSchema, req.body ?? {});
    const outcome = await addApprovedEmail(
      deps,
      email,
      commandMetadata(req, 'AddApprovedEmail', deps.clock),
    );
    acknowledge(res, outcome, undefined, outcome.appended ? 201 : 200);
  });

  return router;
};
