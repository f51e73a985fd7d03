import { vi } from 'vitest';

type Answer = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
type Handler = (request: { url: URL; body: unknown }) => Answer;

type SentRequest = { method: string; path: string; search: string; body: unknown };

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * The shared fake API of component tests. Stubs the global fetch the API client calls: handlers by 'METHOD /path' (path without the query),
 * everything else a 404 problem. Every request is recorded.
 */
export const fakeApi = () => {
  const handlers = new Map<string, Handler>();
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const href =
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(href, 'http://localhost');
      const method = init?.method ?? 'GET';
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method, path: url.pathname, search: url.search, body });
      const handler = handlers.get(`${method} ${decodeURIComponent(url.pathname)}`);
      if (!handler) return json(404, { message: 'Not Found' });
      const answer = await handler({ url, body });
      return json(answer.status ?? 200, answer.body);
    }),
  );
  return {
    sent,
    on(route: string, handler: Handler) {
      handlers.set(route, handler);
    },
    /** The requests to `method path`. */
    calls: (method: string, path: string) =>
      sent.filter((r) => r.method === method && r.path === path),
  };
};

/** A promise the test settles when it wants (a server that answers later). */
export const deferred = <T>() => {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};
