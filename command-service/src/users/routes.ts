import { Router } from 'express';
import {
  addApprovedEmailSchema,
  profileMessages,
  registerUserSchema,
  routes,
  updateProfileSchema,
  type CommandAck,
  type ProtectedResponse,
} from '@campus/contracts';
import { callerOf, ForbiddenError, identityOf, parseOrThrow, requireCaller } from '@campus/infra';
import {
  commandMetadata,
  mountRoute,
  sendConsistencyToken,
  type CommandDeps,
} from '../http/context';
import { addApprovedEmail } from './approved-emails';
import { registerUser } from './register-user';
import { updateProfile } from './update-profile';

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

  mountRoute(router, routes.updateProfile, deps, async (req, res) => {
    const caller = requireCaller(req);
    const userId = req.params['id'] ?? '';
    if (userId !== caller.userId) throw new ForbiddenError(profileMessages.onlyOwner);
    const changes = parseOrThrow(updateProfileSchema, req.body ?? {});
    const appended = await updateProfile(
      deps,
      caller,
      userId,
      changes,
      commandMetadata(req, 'UpdateProfile', deps.clock),
    );
    sendConsistencyToken(res, [appended]);
    const ack: CommandAck = { success: true, id: userId };
    res.json(ack);
  });

  mountRoute(router, routes.addApprovedEmail, deps, async (req, res) => {
    const { email } = parseOrThrow(addApprovedEmailSchema, req.body ?? {});
    const outcome = await addApprovedEmail(
      deps,
      email,
      commandMetadata(req, 'AddApprovedEmail', deps.clock),
    );
    sendConsistencyToken(res, [outcome.appended]);
    const ack: CommandAck = { success: true };
    res.status(outcome.appended ? 201 : 200).json(ack);
  });

  return router;
};
