import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { capturedLogger } from '../testing/captured-logger';
import { closeNow, listenLocal, sendRequest, type HttpAnswer } from '../testing/http-answer';
import { upgradeAndPing } from '../testing/websocket-upgrade';
import { loadGatewayEnv } from './env';
import { createGateway, type GatewayOptions } from './gateway';
import { createUpstreamPool } from './upstreams';

type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };

/** One copy of a service: records what reached it; its /readyz answers `readyz`. */
type Copy = {
  name: string;
  port: number;
  url: string;
  seen: Seen[];
  readyzHits: number;
  readyz: 200 | 503;
  /** 'hang-up': reads the request, then drops the connection without answering. */
  mode: 'answer' | 'hang-up';
  server: http.Server;
};

const portOf = (server: http.Server): number => (server.address() as AddressInfo).port;

const copyServer = (copy: Copy): http.Server => {
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') {
      copy.readyzHits += 1;
      res.writeHead(copy.readyz, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: copy.readyz === 200 ? 'ready' : 'draining' }));
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      copy.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (copy.mode === 'hang-up') {
        req.socket.destroy();
        return;
      }
      const payload = JSON.stringify({ copy: copy.name });
      res.writeHead(req.method === 'POST' ? 201 : 200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      });
      res.end(payload);
    });
  });
  // Websocket-style upgrade: switch protocols, then echo with the copy's name.
  server.on('upgrade', (req: http.IncomingMessage, socket: Socket) => {
    copy.seen.push({ method: 'UPGRADE', url: req.url ?? '', headers: req.headers, body: '' });
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    );
    socket.on('data', (data: Buffer) => socket.end(`${copy.name}:${data.toString()}`));
  });
  return server;
};

const running = new Set<http.Server>();

const startCopy = async (name: string): Promise<Copy> => {
  const copy = { name, seen: [], readyzHits: 0, readyz: 200, mode: 'answer' } as unknown as Copy;
  copy.server = copyServer(copy);
  await listenLocal(copy.server);
  running.add(copy.server);
  copy.port = portOf(copy.server);
  copy.url = `http://127.0.0.1:${String(copy.port)}`;
  return copy;
};

/** Kills a copy: its port refuses connections from now on. */
const kill = (copy: Copy): Promise<void> => closeNow(copy.server);

/** Brings a killed copy back on its port. */
const restart = async (copy: Copy): Promise<void> => {
  copy.server = copyServer(copy);
  await listenLocal(copy.server, copy.port);
  running.add(copy.server);
};

const startGateway = async (
  queryUrl: string[],
  commandUrl: string[],
  extra: Partial<GatewayOptions> = {},
): Promise<number> => {
  const gateway = createGateway({ queryUrl, commandUrl, ...extra });
  await listenLocal(gateway);
  running.add(gateway);
  return portOf(gateway);
};

/** A request to the gateway on `port`: `body` is sent as JSON, `chunks` as a stream of bytes. */
const send = async (
  port: number,
  method: string,
  urlPath: string,
  options: { body?: string; chunks?: Buffer[]; agent?: http.Agent } = {},
): Promise<HttpAnswer> => {
  const headers: http.OutgoingHttpHeaders =
    options.body === undefined
      ? options.chunks
        ? { 'content-type': 'application/octet-stream' }
        : {}
      : {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(options.body),
        };
  const chunks = [...(options.body === undefined ? [] : [options.body]), ...(options.chunks ?? [])];
  const answer = await sendRequest(port, method, urlPath, {
    headers,
    chunks,
    ...(options.agent ? { agent: options.agent } : {}),
  });
  return { ...answer, body: answer.body.toString('utf8') };
};

const copyThatAnswered = (answer: HttpAnswer): string =>
  (JSON.parse(answer.body) as { copy: string }).copy;

/** Waits (at most 5 s) until `done()` holds. */
const until = async (done: () => boolean, what: string): Promise<void> => {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const bodiesAt = (copy: Copy): string[] => copy.seen.map((seen) => seen.body);

afterEach(async () => {
  await Promise.all([...running].map(closeNow));
  running.clear();
});

describe('gateway with several copies of each service (integration, real sockets)', () => {
  it('takes turns between the copies of each service', async () => {
    const [q1, q2, c1, c2] = await Promise.all(['q1', 'q2', 'c1', 'c2'].map(startCopy));
    if (!q1 || !q2 || !c1 || !c2) throw new Error('copies did not start');
    const port = await startGateway([q1.url, q2.url], [c1.url, c2.url]);

    const reads = [];
    const writes = [];
    for (let i = 0; i < 6; i += 1) {
      reads.push(await send(port, 'GET', `/api/opportunities?page=${String(i)}`));
      writes.push(await send(port, 'POST', '/api/signups', { body: `{"n":${String(i)}}` }));
    }
    expect(reads.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(writes.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(reads.map(copyThatAnswered)).toEqual(['q1', 'q2', 'q1', 'q2', 'q1', 'q2']);
    expect(writes.map(copyThatAnswered)).toEqual(['c1', 'c2', 'c1', 'c2', 'c1', 'c2']);
    expect(q1.seen.map((seen) => seen.url)).toEqual([
      '/api/opportunities?page=0',
      '/api/opportunities?page=2',
      '/api/opportunities?page=4',
    ]);
    expect(bodiesAt(c2)).toEqual(['{"n":1}', '{"n":3}', '{"n":5}']);
    // As with a single upstream: one connection per request.
    expect(c1.seen.every((seen) => seen.headers.connection === 'close')).toBe(true);
  });

  it('answers every request from the other copy when one is killed: commands reach it once each', async () => {
    const [q1, q2, c1, c2] = await Promise.all(['q1', 'q2', 'c1', 'c2'].map(startCopy));
    if (!q1 || !q2 || !c1 || !c2) throw new Error('copies did not start');
    const { lines, logger } = capturedLogger();
    const port = await startGateway([q1.url, q2.url], [c1.url, c2.url], {
      logger,
      balancing: { downMs: 60_000, probeIntervalMs: 0 },
    });
    expect((await send(port, 'GET', '/api/me')).status).toBe(200);
    expect((await send(port, 'POST', '/api/signups', { body: '{"id":"before"}' })).status).toBe(
      201,
    );
    await Promise.all([kill(q2), kill(c2)]);
    const q1Before = q1.seen.length;

    // One at a time (the first one goes to the killed copy's turn), then ten at once.
    const sequential = [];
    for (let i = 0; i < 6; i += 1) {
      sequential.push(await send(port, 'POST', '/api/signups', { body: `{"id":"s${String(i)}"}` }));
      sequential.push(await send(port, 'GET', `/api/opportunities/${String(i)}`));
    }
    const parallel = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send(port, i % 2 ? 'GET' : 'DELETE', `/api/friendships/${String(i)}`, {
          body: `{"id":"p${String(i)}"}`,
        }),
      ),
    );
    // A streamed upload, larger than what is held back while connecting.
    const upload = Array.from({ length: 8 }, (_, i) => Buffer.alloc(32 * 1024, 97 + i));
    const uploaded = await send(port, 'POST', '/upload', { chunks: upload });

    for (const answer of [...sequential, ...parallel, uploaded]) {
      expect(answer.status, answer.body).toBeGreaterThanOrEqual(200);
      expect(answer.status, answer.body).toBeLessThan(300);
    }
    expect(new Set([...sequential, ...parallel].map(copyThatAnswered))).toEqual(
      new Set(['q1', 'c1']),
    );
    const commands = [
      '{"id":"before"}',
      ...Array.from({ length: 6 }, (_, i) => `{"id":"s${String(i)}"}`),
      ...[0, 2, 4, 6, 8].map((i) => `{"id":"p${String(i)}"}`),
      Buffer.concat(upload).toString('utf8'),
    ];
    // Each command reached the live copy exactly once, body intact; none reached the killed one.
    expect([...bodiesAt(c1)].sort()).toEqual([...commands].sort());
    expect(c2.seen).toEqual([]);
    expect(q1.seen.length - q1Before).toBe(6 + 5);
    // Each killed copy was taken out once (not tried again for every request).
    const out = lines.filter((line) => line.includes('upstream unreachable: out of rotation'));
    expect(out).toHaveLength(2);
    expect(out.join('\n')).toContain(c2.url);
    expect(out.join('\n')).toContain(q2.url);
  });

  it('sends requests to a killed copy again once it is back', async () => {
    const [q1, c1, c2] = await Promise.all(['q1', 'c1', 'c2'].map(startCopy));
    if (!q1 || !c1 || !c2) throw new Error('copies did not start');
    const port = await startGateway([q1.url], [c1.url, c2.url], {
      balancing: { downMs: 100, probeIntervalMs: 0 },
    });
    await kill(c1);
    expect((await send(port, 'POST', '/api/a', { body: '{}' })).status).toBe(201);
    await restart(c1);
    // Out of rotation for 100 ms: then its turn comes again.
    const deadline = Date.now() + 5_000;
    while (c1.seen.length === 0 && Date.now() < deadline) {
      expect((await send(port, 'POST', '/api/a', { body: '{}' })).status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(c1.seen.length).toBeGreaterThan(0);
    const after = [];
    for (let i = 0; i < 4; i += 1) after.push(await send(port, 'POST', '/api/b', { body: '{}' }));
    expect(new Set(after.map(copyThatAnswered))).toEqual(new Set(['c1', 'c2']));
  });

  it('answers 502 with the usual problem body when every copy is down, and recovers at once', async () => {
    const [q1, q2, c1, c2] = await Promise.all(['q1', 'q2', 'c1', 'c2'].map(startCopy));
    if (!q1 || !q2 || !c1 || !c2) throw new Error('copies did not start');
    const port = await startGateway([q1.url, q2.url], [c1.url, c2.url], {
      balancing: { downMs: 60_000, probeIntervalMs: 0 },
    });
    await Promise.all([q1, q2, c1, c2].map(kill));

    for (const [method, service] of [
      ['GET', 'query'],
      ['POST', 'command'],
      ['GET', 'query'],
      ['PATCH', 'command'],
    ] as const) {
      const answer = await send(port, method, '/api/users/me', {
        ...(method === 'GET' ? {} : { body: '{"a":1}' }),
      });
      expect(answer.status).toBe(502);
      expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
      const detail = `The ${service} service is not reachable right now. Please try again in a moment.`;
      expect(JSON.parse(answer.body)).toEqual({
        type: 'about:blank',
        title: 'Bad Gateway',
        status: 502,
        detail,
        message: detail,
      });
    }
    // A streamed upload nobody read: the next request on the same connection is still understood.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const upload = await send(port, 'POST', '/upload', {
        chunks: Array.from({ length: 16 }, () => Buffer.alloc(64 * 1024, 7)),
        agent,
      });
      expect(upload.status).toBe(502);
      expect((await send(port, 'DELETE', '/api/x', { body: '{}', agent })).status).toBe(502);
    } finally {
      agent.destroy();
    }

    // Copies out of rotation are still tried when no other is left: one back is used at once.
    await restart(c2);
    const answer = await send(port, 'POST', '/api/signups', { body: '{"id":"back"}' });
    expect(answer.status).toBe(201);
    expect(bodiesAt(c2)).toEqual(['{"id":"back"}']);
  });

  it('never sends a command again once it reached a copy, even if that copy then fails', async () => {
    const [q1, c1, c2] = await Promise.all(['q1', 'c1', 'c2'].map(startCopy));
    if (!q1 || !c1 || !c2) throw new Error('copies did not start');
    c1.mode = 'hang-up';
    const port = await startGateway([q1.url], [c1.url, c2.url], {
      balancing: { probeIntervalMs: 0 },
    });
    const answer = await send(port, 'POST', '/api/signups', { body: '{"id":"once"}' });
    expect(answer.status).toBe(502);
    expect(bodiesAt(c1)).toEqual(['{"id":"once"}']);
    expect(c2.seen).toEqual([]);
  });

  it('takes a copy whose /readyz answers 503 out of rotation until it is ready again', async () => {
    const [q1, q2, c1, c2] = await Promise.all(['q1', 'q2', 'c1', 'c2'].map(startCopy));
    if (!q1 || !q2 || !c1 || !c2) throw new Error('copies did not start');
    const port = await startGateway([q1.url, q2.url], [c1.url, c2.url], {
      balancing: { probeIntervalMs: 20 },
    });
    /** Waits for two more probes: the first may have been under way before the change. */
    const probed = async (...copies: Copy[]) => {
      const hits = copies.map((copy) => copy.readyzHits);
      await until(
        () => copies.every((copy, i) => copy.readyzHits >= (hits[i] ?? 0) + 2),
        'two more readiness probes',
      );
    };
    const sendSome = async () => {
      const answers = [];
      for (let i = 0; i < 4; i += 1) {
        answers.push(await send(port, 'GET', '/api/opportunities'));
        answers.push(await send(port, 'POST', '/api/signups', { body: '{}' }));
      }
      expect(answers.map((answer) => answer.status)).toEqual([
        200, 201, 200, 201, 200, 201, 200, 201,
      ]);
      return answers.map(copyThatAnswered);
    };

    q1.readyz = 503;
    c2.readyz = 503;
    await probed(q1, c2);
    expect(await sendSome()).toEqual(['q2', 'c1', 'q2', 'c1', 'q2', 'c1', 'q2', 'c1']);
    expect(q1.seen).toEqual([]);
    expect(c2.seen).toEqual([]);

    q1.readyz = 200;
    c2.readyz = 200;
    await probed(q1, c2);
    expect(new Set(await sendSome())).toEqual(new Set(['q1', 'q2', 'c1', 'c2']));

    // Every copy draining (a lone service restarting): still answered rather than refused.
    for (const copy of [q1, q2, c1, c2]) copy.readyz = 503;
    await probed(q1, q2, c1, c2);
    expect(new Set(await sendSome())).toEqual(new Set(['q1', 'q2', 'c1', 'c2']));
  });

  it('passes websocket upgrades on service paths to a live query copy', async () => {
    const [q1, q2, c1] = await Promise.all(['q1', 'q2', 'c1'].map(startCopy));
    if (!q1 || !q2 || !c1) throw new Error('copies did not start');
    const port = await startGateway([q1.url, q2.url], [c1.url], {
      balancing: { probeIntervalMs: 0 },
    });
    const upgrade = async () => (await upgradeAndPing(port, '/api/live?x=1')).echoed;
    expect([await upgrade(), await upgrade()]).toEqual(['q1:ping', 'q2:ping']);
    await kill(q1);
    expect([await upgrade(), await upgrade()]).toEqual(['q2:ping', 'q2:ping']);
    expect(q2.seen.at(-1)).toMatchObject({ method: 'UPGRADE', url: '/api/live?x=1' });
    expect(q2.seen.at(-1)?.headers.connection).toBe('Upgrade');
  });

  it('refuses a pool mixing http:// and https:// copies', () => {
    expect(() =>
      createUpstreamPool({
        name: 'query service',
        urls: ['http://127.0.0.1:1', 'https://127.0.0.1:2'],
        probeIntervalMs: 0,
      }),
    ).toThrow(/must all be http:\/\/ or all https:\/\//);
  });
});

describe('gateway configuration: several copies', () => {
  it('reads COMMAND_URLS and QUERY_URLS, falling back to COMMAND_URL and QUERY_URL', () => {
    expect(loadGatewayEnv({})).toMatchObject({
      queryUrls: ['http://127.0.0.1:4002'],
      commandUrls: ['http://127.0.0.1:4001'],
    });
    expect(loadGatewayEnv({ COMMAND_URL: 'http://10.0.0.5:4001/', QUERY_URLS: '' })).toMatchObject({
      queryUrls: ['http://127.0.0.1:4002'],
      commandUrls: ['http://10.0.0.5:4001'],
    });
    expect(
      loadGatewayEnv({
        COMMAND_URL: 'http://127.0.0.1:9',
        COMMAND_URLS: 'http://127.0.0.1:4001, http://127.0.0.1:4011/',
        QUERY_URLS: 'https://q1.internal,https://q2.internal:8443',
      }),
    ).toMatchObject({
      commandUrls: ['http://127.0.0.1:4001', 'http://127.0.0.1:4011'],
      queryUrls: ['https://q1.internal', 'https://q2.internal:8443'],
    });
  });

  it('refuses a bad list with a message naming the variable and the entry', () => {
    const message = (env: NodeJS.ProcessEnv): string => {
      try {
        loadGatewayEnv(env);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('the configuration was accepted');
    };
    expect(message({ COMMAND_URLS: 'http://127.0.0.1:4001,ftp://x' })).toMatch(
      /COMMAND_URLS: "ftp:\/\/x" must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(message({ QUERY_URLS: 'http://a:1, not a url' })).toMatch(
      /QUERY_URLS: "not a url" must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(message({ QUERY_URLS: ' , ' })).toMatch(/QUERY_URLS: must list at least one/);
    expect(message({ COMMAND_URLS: 'http://a:1,http://a:1/' })).toMatch(
      /COMMAND_URLS: "http:\/\/a:1\/" is listed twice/,
    );
    expect(message({ COMMAND_URLS: 'http://a:1,https://b:1' })).toMatch(
      /COMMAND_URLS: must be all http:\/\/ or all https:\/\/ URLs/,
    );
  });
});
