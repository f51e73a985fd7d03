// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import {
  connectLiveUpdates,
  refreshesOf,
  topicsOf,
  type LiveConnection,
  type LiveOptions,
} from './live-updates';

const OPPORTUNITY = '7b0c56a4-5f0e-4d3f-9a43-3f4c1ef0a001';
const OTHER = '7b0c56a4-5f0e-4d3f-9a43-3f4c1ef0a002';
const THIRD = '7b0c56a4-5f0e-4d3f-9a43-3f4c1ef0a003';
let people = 0;
/** Each test its own person: the resumed id is kept per person. */
const person = () => `person-${String(++people)}`;

/**
 * A stream server that answers each request with `answer` and records the requests' headers: a
 * stand-in for GET /api/live that speaks its protocol over a real socket.
 */
const startStreamServer = async (
  answer: (req: IncomingMessage, res: ServerResponse, n: number) => void,
) => {
  const requests: IncomingMessage['headers'][] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.headers);
    answer(req, res, requests.length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/api/live`;
  return { server, url, requests };
};

const sse = (event: string, id: string, data: unknown) =>
  `event: ${event}\nid: ${id}\ndata: ${JSON.stringify(data)}\n\n`;

const until = async (check: () => boolean, timeoutMs = 3_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/** A client holding an opportunity detail, the list, the bell and a board, all fresh. */
const clientWithQueries = () => {
  const client = new QueryClient();
  for (const key of [
    ['opportunities', 'detail', OPPORTUNITY],
    ['opportunities', 'detail', THIRD],
    ['opportunities', 'list', {}],
    ['notifications'],
    ['leaderboard', 'month', 'all'],
  ])
    client.setQueryData(key, { fetched: true });
  const stale = (key: unknown[]) => client.getQueryState(key)?.isInvalidated === true;
  return { client, stale };
};

/** Connects as a new person with an ID token; `options` replace the rest. */
const connect = (url: string, queryClient: QueryClient, options: Partial<LiveOptions> = {}) =>
  connectLiveUpdates({
    queryClient,
    url,
    userId: person(),
    getIdToken: () => Promise.resolve('id-token'),
    consistencyToken: () => null,
    reached: () => undefined,
    ...options,
  });

let connection: LiveConnection | null = null;
const servers: Server[] = [];
afterEach(async () => {
  connection?.close();
  connection = null;
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('live updates in the browser', () => {
  it('maps each kind of topic to the queries it shows, each once', () => {
    const [opportunities, ...rest] = refreshesOf([
      { kind: 'opportunity', id: OPPORTUNITY },
      { kind: 'opportunity', id: OTHER },
    ]);
    expect(rest).toEqual([]);
    const matches = (queryKey: unknown[]) =>
      opportunities?.predicate?.({ queryKey } as never) === true;
    // The reads of the opportunities named, and every read of many; not the details of others.
    expect(opportunities?.queryKey).toEqual(['opportunities']);
    expect(matches(['opportunities', 'detail', OPPORTUNITY])).toBe(true);
    expect(matches(['opportunities', 'waitlist', OTHER])).toBe(true);
    expect(matches(['opportunities', 'list', { q: 'river' }])).toBe(true);
    expect(matches(['opportunities', 'mine'])).toBe(true);
    expect(matches(['opportunities', 'detail', THIRD])).toBe(false);
    expect(
      refreshesOf([{ kind: 'friends' }, { kind: 'leaderboard' }]).map((f) => f.queryKey),
    ).toEqual([
      ['users', 'friendships'],
      ['users', 'friends'],
      ['users', 'profile'],
      ['leaderboard'],
      ['users', 'points-history'],
    ]);
    expect(refreshesOf([])).toEqual([]);
  });

  it('reads the topics of a message, leaving out kinds it does not know and bad data', () => {
    expect(
      topicsOf(JSON.stringify({ topics: [{ kind: 'notifications' }, { kind: 'weather' }, 3] })),
    ).toEqual([{ kind: 'notifications' }]);
    expect(topicsOf('not json')).toEqual([]);
    expect(topicsOf(JSON.stringify({ topics: 'x' }))).toEqual([]);
  });

  it('refreshes what a change names, and sends the ID token and the consistency token', async () => {
    const { server, url, requests } = await startStreamServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(sse('ready', 'p1.10.1', {}));
      res.write(sse('change', 'p1.11.2', { topics: [{ kind: 'opportunity', id: OPPORTUNITY }] }));
    });
    servers.push(server);
    const { client, stale } = clientWithQueries();
    const reached: string[] = [];
    connection = connect(url, client, {
      consistencyToken: () => 'v1.9.9',
      reached: (token) => reached.push(token),
    });
    await until(() => stale(['opportunities', 'detail', OPPORTUNITY]));
    expect(stale(['opportunities', 'list', {}])).toBe(true);
    expect(stale(['opportunities', 'detail', THIRD])).toBe(false);
    // The refetches wait for the position the stream reached.
    expect(reached).toEqual(['v1.10.1', 'v1.11.2']);
    expect(stale(['notifications'])).toBe(false);
    expect(stale(['leaderboard', 'month', 'all'])).toBe(false);
    expect(requests[0]?.['authorization']).toBe('Bearer id-token');
    expect(requests[0]?.['x-consistency-token']).toBe('v1.9.9');
    expect(requests[0]?.['last-event-id']).toBeUndefined();
  });

  it('reconnects after a dropped stream from the last id, and refreshes everything on reset', async () => {
    const { server, url, requests } = await startStreamServer((_req, res, n) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('retry: 20\n\n');
      if (n === 1) {
        res.end(sse('ready', 'p1.20.5', {}));
        return;
      }
      res.write(sse('reset', 'p1.30.1', {}));
    });
    servers.push(server);
    const { client, stale } = clientWithQueries();
    connection = connect(url, client);
    await until(() => stale(['notifications']));
    expect(stale(['leaderboard', 'month', 'all'])).toBe(true);
    expect(requests.map((headers) => headers['last-event-id'])).toEqual([undefined, 'p1.20.5']);
  });

  it('tries a new stream after a refusal (429), from where the last one stopped', async () => {
    const { server, url, requests } = await startStreamServer((_req, res, n) => {
      if (n === 2) {
        res.writeHead(429, { 'content-type': 'application/problem+json', 'retry-after': '60' });
        res.end('{}');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('retry: 20\n\n');
      if (n === 1) res.end(sse('heartbeat', 'p1.40.7', {}));
      else res.write(sse('change', 'p1.41.1', { topics: [{ kind: 'notifications' }] }));
    });
    servers.push(server);
    const { client, stale } = clientWithQueries();
    connection = connect(url, client, { retryMs: { refused: 50, failed: 50 } });
    await until(() => stale(['notifications']));
    expect(requests.map((headers) => headers['last-event-id'])).toEqual([
      undefined,
      'p1.40.7',
      'p1.40.7',
    ]);
    expect(stale(['opportunities', 'detail', OPPORTUNITY])).toBe(false);
  });
});
