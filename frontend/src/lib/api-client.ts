import {
  CONSISTENCY_TOKEN_HEADER,
  buildPath,
  newestConsistencyToken,
  texts,
  type RouteName,
  type routes,
} from '@campus/contracts';
import type { z } from 'zod';
import { currentIdToken } from './auth/firebase';

type Routes = typeof routes;

/** What a call needs to be sent: each route's method, path and who may call it. */
type RouteIndex = { readonly [R in RouteName]: Pick<Routes[R], 'method' | 'path' | 'auth'> };
/** Taken from the contracts' routes table when the UI is built (vite.config.ts). */
declare const __API_ROUTE_INDEX__: RouteIndex;
export const routeIndex: RouteIndex = __API_ROUTE_INDEX__;

/**
 * The routes table carries every answer's zod schema (and zod with them), whose building is the
 * largest part of a phone's work before a signed-in page can show anything: a call is sent from
 * the route index above, and only its answer waits for the table to have loaded. A page that asks
 * nothing yet (the sign-in page) starts without it.
 */
let routesTable: Promise<Routes> | null = null;
const loadRoutes = (): Promise<Routes> =>
  (routesTable ??= import('./api-routes').then((module) => module.routes));

/**
 * Starts loading the routes table before the first answer is in (a reload of a signed-in page
 * sends the sign-in calls as soon as Firebase names the user). A failure here surfaces with the
 * first answer.
 */
export const preloadApiRoutes = (): void => {
  loadRoutes().catch(() => undefined);
};

/** `'/api/users/:id/friends/:friendId'` -> `'id' | 'friendId'` */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsOption<R extends RouteName> = [PathParamNames<Routes[R]['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<Routes[R]['path']>, string | number> };

type BodyOption<R extends RouteName> = Routes[R] extends { body: infer S extends z.ZodType }
  ? { body: z.input<S> }
  : { body?: undefined };

type QueryOption<R extends RouteName> = Routes[R] extends { query: infer S extends z.ZodType }
  ? object extends z.input<S>
    ? { query?: z.input<S> }
    : { query: z.input<S> }
  : { query?: undefined };

type RequestOptions<R extends RouteName> = ParamsOption<R> &
  BodyOption<R> &
  QueryOption<R> & { signal?: AbortSignal };

export type RouteResponse<R extends RouteName> = Routes[R] extends {
  response: infer S extends z.ZodType;
}
  ? z.output<S>
  : unknown;

type RequestArgs<R extends RouteName> =
  object extends RequestOptions<R> ? [options?: RequestOptions<R>] : [options: RequestOptions<R>];

/**
 * Every failed API call: the HTTP status, the server's message (`message` falls back to the generic
 * 'An API error occurred') and the server's per-field errors.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
    readonly fieldErrors: Readonly<Record<string, string>> = {},
    /** The problem `type` URI, which names errors the UI must tell apart (e.g. a full opportunity). */
    readonly problemType: string | null = null,
  ) {
    super(serverMessage ?? texts.api.generic);
  }
}

/** The server's own words for a failure, if it sent any. */
export const serverMessageOf = (error: unknown): string | null =>
  error instanceof ApiError ? error.serverMessage : null;

/** Where the newest consistency token lives between page loads (sessionStorage in the app). */
type ConsistencyTokenStore = {
  load(): string | null;
  save(token: string | null): void;
};

const memoryTokenStore = (): ConsistencyTokenStore => {
  let token: string | null = null;
  return {
    load: () => token,
    save: (next) => {
      token = next;
    },
  };
};

type ApiClientOptions = {
  /** The fetch implementation; tests inject a fake. Defaults to the global fetch at call time. */
  fetch?: typeof fetch;
  /** The signed-in user's Firebase ID token, or null when nobody is signed in. */
  getIdToken?: () => Promise<string | null>;
  tokenStore?: ConsistencyTokenStore;
  baseUrl?: string;
};

type ApiClient = {
  request<R extends RouteName>(name: R, ...args: RequestArgs<R>): Promise<RouteResponse<R>>;
  /** The newest consistency token seen so far (sent on every read). */
  consistencyToken(): string | null;
  /** Forgets the consistency token (logout). */
  reset(): void;
  /** Keeps `token` if it is newer than the one held (a position the live stream reached). */
  remember(token: string): void;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** Turns an RFC 9457 problem body into an ApiError; anything else gets the generic message. */
export const toApiError = (status: number, body: unknown): ApiError => {
  if (!isRecord(body)) return new ApiError(status, null);
  const message = typeof body.message === 'string' && body.message.trim() ? body.message : null;
  const fieldErrors: Record<string, string> = {};
  if (Array.isArray(body.errors)) {
    for (const entry of body.errors as unknown[]) {
      if (isRecord(entry) && typeof entry.field === 'string' && typeof entry.message === 'string') {
        fieldErrors[entry.field] ??= entry.message;
      }
    }
  }
  const type = typeof body.type === 'string' && body.type !== 'about:blank' ? body.type : null;
  return new ApiError(status, message, fieldErrors, type);
};

/** `{ q: 'ann', page: undefined }` -> `'?q=ann'`; nothing -> `''`. */
const queryString = (query: Record<string, string | undefined> | undefined): string => {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) search.append(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const createApiClient = (clientOptions: ApiClientOptions = {}): ApiClient => {
  const fetchImpl: typeof fetch = clientOptions.fetch ?? ((input, init) => fetch(input, init));
  const tokenStore = clientOptions.tokenStore ?? memoryTokenStore();
  const baseUrl = clientOptions.baseUrl ?? '';
  const getIdToken = clientOptions.getIdToken;

  const remember = (response: Response) => {
    const received = response.headers.get(CONSISTENCY_TOKEN_HEADER);
    if (received) keepNewest(received);
  };
  const keepNewest = (received: string) => {
    const current = tokenStore.load();
    const newest = newestConsistencyToken(current, received);
    if (newest !== current) tokenStore.save(newest);
  };

  const request = async <R extends RouteName>(
    name: R,
    ...[options]: RequestArgs<R>
  ): Promise<RouteResponse<R>> => {
    const route = routeIndex[name];
    // Loaded beside the request: only the answer needs it. Awaited below; this only keeps a
    // failed load from going unhandled meanwhile.
    const table = loadRoutes();
    table.catch(() => undefined);
    const { params, body, query, signal } = (options ?? {}) as {
      params?: Record<string, string | number>;
      body?: unknown;
      query?: Record<string, string | undefined>;
      signal?: AbortSignal;
    };
    const headers = new Headers({ accept: 'application/json' });
    if (route.auth !== 'none' && getIdToken) {
      const idToken = await getIdToken();
      if (idToken) headers.set('authorization', `Bearer ${idToken}`);
    }
    if (body !== undefined) headers.set('content-type', 'application/json');
    if (route.method === 'GET') {
      const token = tokenStore.load();
      if (token) headers.set(CONSISTENCY_TOKEN_HEADER, token);
    }

    let response: Response;
    try {
      response = await fetchImpl(baseUrl + buildPath(route.path, params) + queryString(query), {
        method: route.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, null);
    }
    remember(response);
    const payload = await readJson(response);
    if (!response.ok) throw toApiError(response.status, payload);
    const definition: Routes[RouteName] = (await table)[name];
    if (!('response' in definition)) return payload as RouteResponse<R>;
    const parsed = definition.response.safeParse(payload);
    if (!parsed.success) {
      console.error(`Unexpected answer from ${route.method} ${route.path}`, parsed.error.issues);
      throw new ApiError(response.status, null);
    }
    return parsed.data as RouteResponse<R>;
  };

  return {
    request,
    consistencyToken: () => tokenStore.load(),
    reset: () => tokenStore.save(null),
    remember: keepNewest,
  };
};

const CONSISTENCY_STORAGE_KEY = 'campus.consistencyToken';

/** Keeps the token across reloads of this tab, so a reload still reads its own writes. */
export const sessionTokenStore = (
  getStorage: () => Storage = () => globalThis.sessionStorage,
): ConsistencyTokenStore => {
  const fallback = memoryTokenStore();
  return {
    load: () => {
      try {
        return getStorage().getItem(CONSISTENCY_STORAGE_KEY) ?? fallback.load();
      } catch {
        return fallback.load();
      }
    },
    save: (token) => {
      fallback.save(token);
      try {
        if (token === null) getStorage().removeItem(CONSISTENCY_STORAGE_KEY);
        else getStorage().setItem(CONSISTENCY_STORAGE_KEY, token);
      } catch {
        // Storage may be unavailable (private mode); the in-memory copy still serves this page.
      }
    },
  };
};

/** The app's one client: the signed-in user's ID token on every call that needs one. */
export const api: ApiClient = createApiClient({
  getIdToken: currentIdToken,
  tokenStore: sessionTokenStore(),
});
