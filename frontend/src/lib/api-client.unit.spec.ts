import {
  CONSISTENCY_TOKEN_HEADER,
  encodeConsistencyToken,
  routes,
  texts,
  userSchema,
} from '@campus/contracts';
import { describe, expect, it } from 'vitest';
import { aConfig, aUser } from '@/testing/fixtures';
import { ApiError, createApiClient, routeIndex, sessionTokenStore } from './api-client';

type Call = { url: string; method: string; headers: Headers; body: string | null };

const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** A fetch that records each request and answers from a queue of responses. */
const fakeFetch = (...answers: (() => Response)[]) => {
  const calls: Call[] = [];
  const impl: typeof fetch = (input, init) => {
    calls.push({
      url: urlOf(input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    });
    const answer = answers.shift();
    if (!answer) throw new Error(`Unexpected request ${urlOf(input)}`);
    return Promise.resolve(answer());
  };
  return { impl, calls };
};

const json =
  (body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status: init.status ?? 200,
      headers: { 'content-type': 'application/json', ...init.headers },
    });

const token = (txn: number, seq: number) =>
  encodeConsistencyToken({ txn: BigInt(txn), seq: BigInt(seq) });

const user = aUser();
const registerBody = { first_name: 'Ada', last_name: 'Lovelace', phone: '5551234567' };

describe('api client', () => {
  it("sends every route with the contracts' method, path and auth (the build's route index)", () => {
    expect(routeIndex).toEqual(
      Object.fromEntries(
        Object.entries(routes).map(([name, r]) => [
          name,
          { method: r.method, path: r.path, auth: r.auth },
        ]),
      ),
    );
  });

  it('builds the URL from the routes table and sends the bearer token', async () => {
    const { impl, calls } = fakeFetch(json(user));
    const client = createApiClient({ fetch: impl, getIdToken: () => Promise.resolve('id-token') });

    await expect(
      client.request('getUserByEmail', { params: { address: 'a b@university.edu' } }),
    ).resolves.toEqual(userSchema.parse(user));

    expect(calls[0]?.url).toBe('/api/users/email/a%20b%40university.edu');
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer id-token');
  });

  it('adds the query parameters of read routes, leaving out the unset ones', async () => {
    const { impl, calls } = fakeFetch(
      json({ students: [], organizations: [] }),
      json({ students: [], organizations: [] }),
    );
    const client = createApiClient({ fetch: impl });
    await client.request('search', { query: { q: 'ann & lee' } });
    expect(calls[0]?.url).toBe('/api/search?q=ann+%26+lee');
    await client.request('search', { query: { q: 'x', extra: undefined } as { q: string } });
    expect(calls[1]?.url).toBe('/api/search?q=x');
  });

  it('sends no token on routes that need none', async () => {
    const { impl, calls } = fakeFetch(json({ is_approved: true }));
    const client = createApiClient({ fetch: impl, getIdToken: () => Promise.resolve('id-token') });
    await client.request('checkApprovedEmail', { params: { address: 'x@gmail.com' } });
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('sends JSON bodies on commands', async () => {
    const { impl, calls } = fakeFetch(json(user, { status: 201 }));
    const client = createApiClient({ fetch: impl });
    await client.request('registerUser', { body: registerBody });
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(calls[0]?.body ?? 'null')).toEqual(registerBody);
  });

  it('sends no consistency token before any command answered with one', async () => {
    const { impl, calls } = fakeFetch(json(aConfig()));
    const client = createApiClient({ fetch: impl });
    await client.request('getConfig');
    expect(calls[0]?.headers.has(CONSISTENCY_TOKEN_HEADER)).toBe(false);
    expect(client.consistencyToken()).toBeNull();
  });

  it('keeps the newest consistency token and sends it on every later read', async () => {
    const { impl, calls } = fakeFetch(
      json(user, { status: 201, headers: { [CONSISTENCY_TOKEN_HEADER]: token(10, 7) } }),
      json(user),
      // An older answer (say, a slow command) must not move the token back.
      json(user, { status: 201, headers: { [CONSISTENCY_TOKEN_HEADER]: token(9, 30) } }),
      json(user),
      json(user, { status: 201, headers: { [CONSISTENCY_TOKEN_HEADER]: token(10, 8) } }),
      json({ exists: true }),
      json(aConfig()),
    );
    const client = createApiClient({ fetch: impl });

    await client.request('registerUser', { body: registerBody });
    await client.request('getUser', { params: { id: 'user-1' } });
    await client.request('registerUser', { body: registerBody });
    await client.request('getUser', { params: { id: 'user-1' } });
    await client.request('registerUser', { body: registerBody });
    await client.request('checkUserExists', { params: { address: 'a@university.edu' } });
    await client.request('getConfig');

    const sent = calls.map((call) => [call.method, call.headers.get(CONSISTENCY_TOKEN_HEADER)]);
    expect(sent).toEqual([
      ['POST', null],
      ['GET', token(10, 7)],
      ['POST', null],
      ['GET', token(10, 7)],
      ['POST', null],
      ['GET', token(10, 8)],
      ['GET', token(10, 8)],
    ]);
    expect(client.consistencyToken()).toBe(token(10, 8));
  });

  it('keeps the token from failed commands too, and forgets it on reset', async () => {
    const { impl, calls } = fakeFetch(
      json(
        { message: 'Already registered' },
        { status: 409, headers: { [CONSISTENCY_TOKEN_HEADER]: token(3, 3) } },
      ),
      json(user),
    );
    const client = createApiClient({ fetch: impl });
    await expect(client.request('registerUser', { body: registerBody })).rejects.toThrow();
    expect(client.consistencyToken()).toBe(token(3, 3));
    client.reset();
    await client.request('getUser', { params: { id: 'user-1' } });
    expect(calls[1]?.headers.has(CONSISTENCY_TOKEN_HEADER)).toBe(false);
  });

  it('keeps the token in session storage across clients (a page reload)', async () => {
    const { impl } = fakeFetch(
      json(user, { status: 201, headers: { [CONSISTENCY_TOKEN_HEADER]: token(5, 1) } }),
    );
    await createApiClient({ fetch: impl, tokenStore: sessionTokenStore() }).request(
      'registerUser',
      { body: registerBody },
    );
    expect(createApiClient({ tokenStore: sessionTokenStore() }).consistencyToken()).toBe(
      token(5, 1),
    );
  });

  it("turns a problem body into an ApiError with the server's message and field errors", async () => {
    const { impl } = fakeFetch(
      json(
        {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          detail: 'Invalid body',
          message: 'Invalid body',
          errors: [{ field: 'phone', message: texts.register.invalidPhone }],
        },
        { status: 400 },
      ),
    );
    const client = createApiClient({ fetch: impl });
    const error: unknown = await client
      .request('registerUser', { body: registerBody })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid body',
      serverMessage: 'Invalid body',
      fieldErrors: { phone: texts.register.invalidPhone },
      problemType: null,
    });
  });

  it('keeps a problem type that names the error', async () => {
    const { impl } = fakeFetch(
      json(
        { type: 'urn:campus:problem:opportunity-full', status: 409, message: 'Full' },
        { status: 409 },
      ),
    );
    const client = createApiClient({ fetch: impl });
    await expect(client.request('getConfig')).rejects.toMatchObject({
      status: 409,
      problemType: 'urn:campus:problem:opportunity-full',
    });
  });

  it("falls back to 'An API error occurred' without a server message", async () => {
    const { impl } = fakeFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const client = createApiClient({ fetch: impl });
    await expect(client.request('getConfig')).rejects.toMatchObject({
      status: 502,
      message: 'An API error occurred',
      serverMessage: null,
    });
  });

  it('reports a network failure as an ApiError', async () => {
    const client = createApiClient({ fetch: () => Promise.reject(new TypeError('offline')) });
    await expect(client.request('getConfig')).rejects.toMatchObject({
      status: 0,
      message: 'An API error occurred',
    });
  });

  it('keeps the newer of a remembered position and the token it holds', () => {
    const client = createApiClient({ fetch: () => Promise.reject(new Error('not called')) });
    client.remember('v1.10.5');
    expect(client.consistencyToken()).toBe('v1.10.5');
    client.remember('v1.9.99');
    expect(client.consistencyToken()).toBe('v1.10.5');
    client.remember('v1.11.1');
    expect(client.consistencyToken()).toBe('v1.11.1');
  });
});
