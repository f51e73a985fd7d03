import { Router } from 'express';
import { registerUserSchema, routes, type ProtectedResponse } from '@campus/contracts';
import { callerOf, identityOf, parseOrThrow } from '@campus/infra';
import {
  commandMetadata,
  mountRoute,
  sendConsistencyToken,
  type CommandDeps,
} from '../http/context';
import { registerUser } from './register-user';

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
    sendConsistencyToken(
      res,
      outcomes.map((o) => o.appended),
    );
    res.status(201).json(user);
  });

  return router;
};
