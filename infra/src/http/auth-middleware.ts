import type { Request, RequestHandler, Response } from 'express';
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

/** The answer to a signed-in caller whose Google account has not verified its email address. */
export const EMAIL_NOT_VERIFIED_MESSAGE = texts.auth.emailNotVerified;
export const EMAIL_NOT_VERIFIED_PROBLEM_TYPE = 'urn:campus:problem:email-not-verified';

/** 403 for an unverified email: nobody registers, acts or reads as someone unproven. */
export class EmailNotVerifiedError extends ForbiddenError {
  override readonly problemType = EMAIL_NOT_VERIFIED_PROBLEM_TYPE;
  constructor() {
    super(EMAIL_NOT_VERIFIED_MESSAGE);
  }
}

/** The bearer token of a request, or null when it carries none. */
export const bearerTokenOf = (req: Request): string | null =>
  BEARER.exec(req.get('authorization') ?? '')?.[1] ?? null;

export type AuthOptions = {
  /**
   * Runs once the token is verified, before the caller is looked up: the query service waits
   * for the caller's own writes here, so only authenticated requests can make it wait.
   */
  readonly afterAuthentication?: (req: Request, res: Response) => Promise<void>;
};

/**
 * Authenticates a route at its level (contracts routes table). Missing token, bad token and a
 * verification that cannot complete are all 401, each with its own text; a valid token whose
 * email is not verified is 403 at every level, before any caller (and so any admin right) is
 * looked up (docs/product-rules.md, sign-in).
 */
export const requireAuth =
  (
    level: RouteAuth,
    verifier: TokenVerifier,
    resolveCaller: CallerResolver,
    options: AuthOptions = {},
  ): RequestHandler =>
  async (req, res, next) => {
    if (level === 'none') {
      next();
      return;
    }
    const token = bearerTokenOf(req);
    if (!token) throw new UnauthorizedError(texts.auth.missingToken);
    let identity: TokenIdentity;
    try {
      identity = await verifier.verify(token);
    } catch (error) {
      if (error instanceof TokenRejectedError && error.reason === 'invalid') {
        throw new UnauthorizedError(texts.auth.invalidToken);
      }
      throw new UnauthorizedError(texts.auth.failed);
    }
    if (!identity.emailVerified) throw new EmailNotVerifiedError();
    if (options.afterAuthentication) await options.afterAuthentication(req, res);
    const caller =
      level === 'token'
        ? await resolveCaller(identity).catch(() => null)
        : await resolveCaller(identity);
    if ((level === 'user' || level === 'admin') && !caller) {
      throw new ForbiddenError(texts.auth.notRegistered);
    }
    if (level === 'admin' && !caller?.admin) throw new ForbiddenError(texts.auth.adminsOnly);
    authStates.set(req, { identity, caller });
    next();
  };

/** Whether requireAuth let this request through as a signed-in caller (any level but 'none'). */
export const isAuthenticated = (req: Request): boolean => Boolean(authStates.get(req)?.identity);

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
  if (!caller) throw new ForbiddenError(texts.auth.notRegistered);
  return caller;
};
