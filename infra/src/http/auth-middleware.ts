import type { RequestHandler, Request } from 'express';
import { texts, type RouteAuth } from '@campus/contracts';
import { TokenRejectedError, type TokenIdentity, type TokenVerifier } from '../auth/token-verifier';
import { ForbiddenError, UnauthorizedError } from './errors';

/** A registered user as the services know the caller. */
export type Caller = { readonly userId: string; readonly admin: boolean };

/** Finds the registered user behind a verified email (each service has its own source). */
export type CallerResolver = (identity: TokenIdentity) => Promise<Caller | null>;

type AuthState = { identity: TokenIdentity | null; caller: Caller | null };
const authStates = new WeakMap<Request, AuthState>();

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Authenticates a route at its level (contracts routes table). Missing token, bad token and a
 * verification that cannot complete are all 401, with the spec's three texts.
 */
export const requireAuth =
  (level: RouteAuth, verifier: TokenVerifier, resolveCaller: CallerResolver): RequestHandler =>
  async (req, _res, next) => {
    if (level === 'none') {
      next();
      return;
    }
    const match = BEARER.exec(req.get('authorization') ?? '');
    if (!match?.[1]) throw new UnauthorizedError(texts.auth.missingToken);
    let identity: TokenIdentity;
    try {
      identity = await verifier.verify(match[1]);
    } catch (error) {
      if (error instanceof TokenRejectedError && error.reason === 'invalid') {
        throw new UnauthorizedError(texts.auth.invalidToken);
      }
      throw new UnauthorizedError(texts.auth.failed);
    }
    const caller =
      level === 'token'
        ? await resolveCaller(identity).catch(() => null)
        : await resolveCaller(identity);
    if ((level === 'user' || level === 'admin') && !caller) {
      throw new ForbiddenError('You need to complete your registration first.');
    }
    if (level === 'admin' && !caller?.admin) throw new ForbiddenError('Only admins can do this.');
    authStates.set(req, { identity, caller });
    next();
  };

/** The verified identity of an authenticated route's caller. */
export const identityOf = (req: Request): TokenIdentity => {
  const identity = authStates.get(req)?.identity;
  if (!identity) throw new UnauthorizedError(texts.auth.missingToken);
  return identity;
};

/** The registered caller of a 'user' or 'admin' route (or null on a 'token' route). */
export const callerOf = (req: Request): Caller | null => authStates.get(req)?.caller ?? null;

export const requireCaller = (req: Request): Caller => {
  const caller = callerOf(req);
  if (!caller) throw new ForbiddenError('You need to complete your registration first.');
  return caller;
};
