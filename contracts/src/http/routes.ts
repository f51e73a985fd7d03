import type { z } from 'zod';
import { registerUserSchema } from '../commands/users';
import { publicConfigSchema } from '../domain/config';
import {
  approvedEmailCheckSchema,
  protectedResponseSchema,
  registerUserResponseSchema,
  userExistsSchema,
  userSchema,
} from '../queries/users';

/**
 * Who may call a route at all (finer rules, such as "only the host", are decided by the handler):
 * - none: no token needed;
 * - token: any valid identity token, registered or not (sign-in and registration);
 * - user: a registered user;
 * - admin: a registered admin.
 */
export type RouteAuth = 'none' | 'token' | 'user' | 'admin';
export type RouteService = 'command' | 'query';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RouteDefinition = {
  readonly method: HttpMethod;
  /** Express-style path with `:params`, under /api unless it says otherwise. */
  readonly path: string;
  readonly auth: RouteAuth;
  readonly body?: z.ZodType;
  readonly response?: z.ZodType;
};

const route = <const R extends RouteDefinition>(r: R): R => r;

/** The gateway's rule: GET/HEAD go to the query service, every other method to the command service. */
export const serviceOf = (method: string): RouteService =>
  method === 'GET' || method === 'HEAD' ? 'query' : 'command';

/** Every HTTP route of the product. Servers mount from it; clients build URLs from it. */
export const routes = {
  getConfig: route({
    method: 'GET',
    path: '/api/config',
    auth: 'none',
    response: publicConfigSchema,
  }),
  checkApprovedEmail: route({
    method: 'GET',
    path: '/api/approved-emails/check/:address',
    auth: 'none',
    response: approvedEmailCheckSchema,
  }),
  checkUserExists: route({
    method: 'GET',
    path: '/api/users/check/:address',
    auth: 'token',
    response: userExistsSchema,
  }),
  getUserByEmail: route({
    method: 'GET',
    path: '/api/users/email/:address',
    auth: 'token',
    response: userSchema,
  }),
  getUser: route({ method: 'GET', path: '/api/users/:id', auth: 'user', response: userSchema }),
  protectedCheck: route({
    method: 'POST',
    path: '/api/protected',
    auth: 'token',
    response: protectedResponseSchema,
  }),
  registerUser: route({
    method: 'POST',
    path: '/api/users',
    auth: 'token',
    body: registerUserSchema,
    response: registerUserResponseSchema,
  }),
} as const satisfies Record<string, RouteDefinition>;

export type RouteName = keyof typeof routes;

/** Fills `:params` of a route path, URL-encoding each value. */
export const buildPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
