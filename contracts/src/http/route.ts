import type { z } from 'zod';

/**
 * Who may call a route at all (finer rules, such as "only the host", are decided by the handler):
 * - none: no token needed;
 * - token: any valid identity token, registered or not (sign-in and registration);
 * - user: a registered user;
 * - admin: a registered admin.
 */
export type RouteAuth = 'none' | 'token' | 'user' | 'admin';
type RouteService = 'command' | 'query';
type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type RouteDefinition = {
  readonly method: HttpMethod;
  /** Express-style path with `:params`, under /api unless it says otherwise. */
  readonly path: string;
  /**
   * Multipart form instead of JSON (uploads): `file` names the form's one file part, which the
   * form may leave out when `optional`.
   */
  readonly multipart?: { readonly file: string; readonly optional?: boolean };
  readonly auth: RouteAuth;
  readonly body?: z.ZodType;
  /** GET routes: the query string's parameters (a failure is a 400 naming them). */
  readonly query?: z.ZodType;
  /** The JSON answer; routes that answer a file or a stream have `download` or `stream` instead. */
  readonly response?: z.ZodType;
  /** The media type of the file the route answers (CSV, PDF, iCalendar), instead of JSON. */
  readonly download?: DownloadType;
  /** A stream that stays open (Server-Sent Events), instead of JSON. */
  readonly stream?: 'text/event-stream';
};

/** The files routes answer. */
export type DownloadType = 'text/csv' | 'application/pdf' | 'text/calendar';

/**
 * One route of the table, checked against RouteDefinition and kept with its literal types: the
 * client derives a call's path parameters, body, query and answer from them.
 */
export const route = <const R extends RouteDefinition>(r: R): R => r;

/** The gateway's rule: GET/HEAD go to the query service, every other method to the command service. */
export const serviceOf = (method: string): RouteService =>
  method === 'GET' || method === 'HEAD' ? 'query' : 'command';

/** Fills `:params` of a route path, URL-encoding each value. */
export const buildPath = (path: string, params: Record<string, string | number> = {}): string =>
  path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
