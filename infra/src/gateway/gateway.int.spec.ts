import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRequest, type RawAnswer } from '../testing/http-answer';
import { upgradeAndPing } from '../testing/websocket-upgrade';
import { loadGatewayEnv } from './env';
import { createGateway } from './gateway';
import { uiCspDirectives } from './ui-security';

/** A Content-Security-Policy header as directive -> sources. */
const directivesOf = (header: string | string[] | undefined): Map<string, string[]> =>
  new Map(
    String(header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources]),
  );

type Seen = {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
};

type Upstream = {
  server: http.Server;
  url: string;
  seen: Seen[];
};

/** A JSON list as large as a page of opportunities: worth compressing. */
const BIG_LIST = JSON.stringify(
  Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Beach clean-up ${i}`, slots: 12 })),
);
/** Bytes that do not compress (a photo). */
const PHOTO = Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919) % 256));
/** The event streams an upstream holds open, to be ended by the test. */
const openStreams: http.ServerResponse[] = [];

/**
 * Special answers of the tiny upstream: a large JSON list, an event stream that stays open after
 * its first event, and a photo.
 */
const answerSpecial = (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
  const pathname = (req.url ?? '').split('?')[0];
  if (pathname === '/api/big-list') {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(BIG_LIST),
    });
    res.end(BIG_LIST);
    return true;
  }
  if (pathname === '/api/events') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    res.write(`data: ${'first '.repeat(300)}\n\n`);
    openStreams.push(res);
    return true;
  }
  if (pathname === '/files/photo.png') {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': PHOTO.length });
    res.end(PHOTO);
    return true;
  }
  return false;
};

/** Upgraded sockets leave the server's books: track them so `close` can end them. */
const upgraded = new Map<http.Server, Set<Socket>>();

/** A tiny upstream that records what reached it and answers with its name and a few headers. */
const startUpstream = async (name: string): Promise<Upstream> => {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      if (answerSpecial(req, res)) return;
      const payload = JSON.stringify({ upstream: name, method: req.method, url: req.url });
      res.writeHead(name === 'command' && req.method === 'POST' ? 201 : 200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
        'x-upstream': name,
        'x-consistency-token': `${name}-token-7.42`,
        'set-cookie': ['a=1; Path=/', 'b=2; Path=/'],
      });
      res.end(req.method === 'HEAD' ? undefined : payload);
    });
  });
  // Websocket-style upgrade: switch protocols, then echo what arrives.
  server.on('upgrade', (req: http.IncomingMessage, socket: Socket) => {
    seen.push({
      method: 'UPGRADE',
      url: req.url ?? '',
      headers: req.headers,
      body: Buffer.alloc(0),
    });
    const sockets = upgraded.get(server) ?? new Set<Socket>();
    upgraded.set(server, sockets.add(socket));
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
    );
    socket.on('data', (data: Buffer) => socket.write(`${name}:${data.toString()}`));
  });
  await listen(server);
  return { server, url: `http://127.0.0.1:${portOf(server)}`, seen };
};

const listen = (server: http.Server): Promise<void> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });

const close = (server: http.Server): Promise<void> =>
  new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
    for (const socket of upgraded.get(server) ?? []) socket.destroy();
  });

const portOf = (server: http.Server): number => (server.address() as AddressInfo).port;

/** A port nothing listens on: bind one, then let it go. */
const freePort = async (): Promise<number> => {
  const probe = http.createServer();
  await listen(probe);
  const port = portOf(probe);
  await close(probe);
  return port;
};

const json = (answer: RawAnswer): Record<string, unknown> =>
  JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;

/** The body as it was before the gateway compressed it (by its Content-Encoding). */
const decoded = (answer: RawAnswer): string => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  if (encoding !== undefined) throw new Error(`unexpected content-encoding ${encoding}`);
  return answer.body.toString('utf8');
};

/** Writes `file` with the precompressed variants the frontend's build writes beside it. */
const writeBuilt = (file: string, content: string): void => {
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
};

/** Text that is worth compressing (over the 1 KB threshold). */
const APP_JS = `console.log("app");\n${'export const x = "campus volunteering";\n'.repeat(60)}`;
const APP_CSS = `.card { color: teal; }\n${'.button { padding: 4px 8px; }\n'.repeat(60)}`;
const INDEX_HTML = `<!doctype html><title>Campus</title>\n${'<!-- the app -->\n'.repeat(80)}`;

const lastSeen = (upstream: Upstream): Seen => {
  const last = upstream.seen.at(-1);
  if (!last) throw new Error('the upstream saw no request');
  return last;
};

describe('gateway (integration, real sockets)', () => {
  let query: Upstream;
  let command: Upstream;
  let dev: Upstream;
  let gateway: http.Server;
  let devGateway: http.Server;
  let staticDir: string;

  beforeAll(async () => {
    [query, command, dev] = await Promise.all([
      startUpstream('query'),
      startUpstream('command'),
      startUpstream('dev'),
    ]);
    staticDir = mkdtempSync(path.join(tmpdir(), 'gateway-static-'));
    mkdirSync(path.join(staticDir, 'assets'));
    writeBuilt(path.join(staticDir, 'index.html'), INDEX_HTML);
    writeBuilt(path.join(staticDir, 'assets', 'app-1a2b3c4D.js'), APP_JS);
    writeBuilt(path.join(staticDir, 'assets', 'index-Zx_9-y8W.css'), APP_CSS);
    // Under assets/ without a hash (not something Vite writes): never cached as immutable.
    writeFileSync(path.join(staticDir, 'assets', 'notes.txt'), 'unhashed');
    writeFileSync(path.join(staticDir, 'favicon.svg'), '<svg/>');
    writeFileSync(path.join(staticDir, 'zod-config.js'), 'globalThis.x = 1;');

    gateway = createGateway({
      queryUrl: query.url,
      commandUrl: command.url,
      staticDir,
      uiSecurity: { authEmulatorUrl: 'http://127.0.0.1:9099' },
    });
    devGateway = createGateway({
      queryUrl: query.url,
      commandUrl: command.url,
      devServerUrl: dev.url,
    });
    await Promise.all([listen(gateway), listen(devGateway)]);
  });

  afterAll(async () => {
    for (const stream of openStreams) stream.end();
    await Promise.all([gateway, devGateway, query.server, command.server, dev.server].map(close));
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('answers /healthz itself', async () => {
    const answer = await sendRequest(portOf(gateway), 'GET', '/healthz');
    expect(answer.status).toBe(200);
    expect(json(answer)).toEqual({ status: 'ok' });
  });

  it('sends GET to the query service, path and query string intact', async () => {
    const answer = await sendRequest(
      portOf(gateway),
      'GET',
      '/api/leaderboards/monthly?month=2025-03&x=a%20b',
    );
    expect(answer.status).toBe(200);
    expect(json(answer)).toMatchObject({
      upstream: 'query',
      url: '/api/leaderboards/monthly?month=2025-03&x=a%20b',
    });
    expect(lastSeen(query).method).toBe('GET');
  });

  it('sends HEAD to the query service', async () => {
    const before = query.seen.length;
    const answer = await sendRequest(portOf(gateway), 'HEAD', '/files/abc/photo.png');
    expect(answer.status).toBe(200);
    expect(answer.headers['x-upstream']).toBe('query');
    expect(answer.body.length).toBe(0);
    expect(query.seen.length).toBe(before + 1);
    expect(lastSeen(query)).toMatchObject({ method: 'HEAD', url: '/files/abc/photo.png' });
  });

  it.each(['/api', '/api/', '/upload', '/files/x'])(
    'routes GET %s to the query service',
    async (p) => {
      const answer = await sendRequest(portOf(gateway), 'GET', p);
      expect(answer.headers['x-upstream']).toBe('query');
    },
  );

  it.each([
    ['POST', '/api/opportunities/17/signups'],
    ['PUT', '/api/users/me'],
    ['PATCH', '/api/users/me'],
    ['DELETE', '/api/friendships/u2'],
    ['POST', '/api/protected'],
  ])('sends %s %s to the command service with the body intact', async (method, p) => {
    const body = Buffer.from(JSON.stringify({ method, note: 'héllo ✓', n: [1, 2, 3] }));
    const answer = await sendRequest(portOf(gateway), method, p, {
      headers: { 'content-type': 'application/json', 'content-length': body.length },
      chunks: [body],
    });
    expect(answer.status).toBe(method === 'POST' ? 201 : 200);
    expect(json(answer)).toMatchObject({ upstream: 'command', method, url: p });
    const seen = lastSeen(command);
    expect(seen.method).toBe(method);
    expect(seen.url).toBe(p);
    expect(seen.body.equals(body)).toBe(true);
  });

  it('streams a chunked multipart upload to the command service byte for byte', async () => {
    const boundary = '----campus-boundary-9f8e7d';
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 256));
    const parts = [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nBeach clean-up\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      binary.subarray(0, 1000),
      binary.subarray(1000),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ];
    const answer = await sendRequest(portOf(gateway), 'POST', '/upload', {
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'transfer-encoding': 'chunked',
      },
      chunks: parts,
    });
    expect(answer.status).toBe(201);
    const seen = lastSeen(command);
    expect(seen.url).toBe('/upload');
    expect(seen.headers['content-type']).toBe(`multipart/form-data; boundary=${boundary}`);
    expect(seen.body.equals(Buffer.concat(parts))).toBe(true);
  });

  it('passes headers both ways (Authorization, consistency token, cookies, X-Forwarded-*)', async () => {
    const answer = await sendRequest(portOf(gateway), 'GET', '/api/me', {
      headers: {
        authorization: 'Bearer eyJhbGciOiJub25lIn0.e30.',
        'x-consistency-token': '12.345',
        host: 'campus.example.edu',
      },
    });
    const seen = lastSeen(query);
    expect(seen.headers['authorization']).toBe('Bearer eyJhbGciOiJub25lIn0.e30.');
    expect(seen.headers['x-consistency-token']).toBe('12.345');
    expect(seen.headers['host']).toBe('campus.example.edu');
    expect(seen.headers['x-forwarded-for']).toContain('127.0.0.1');
    expect(seen.headers['x-forwarded-proto']).toBe('http');
    expect(answer.headers['x-consistency-token']).toBe('query-token-7.42');
    expect(answer.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);

    const posted = await sendRequest(portOf(gateway), 'POST', '/api/signups', {
      headers: { authorization: 'Bearer t2', 'content-length': 0 },
    });
    expect(lastSeen(command).headers['authorization']).toBe('Bearer t2');
    expect(posted.headers['x-consistency-token']).toBe('command-token-7.42');
  });

  it('serves static files, with an SPA fallback to index.html', async () => {
    const port = portOf(gateway);
    const root = await sendRequest(port, 'GET', '/');
    expect(root.status).toBe(200);
    expect(root.headers['content-type']).toMatch(/text\/html/);
    expect(root.body.toString()).toContain('<title>Campus</title>');

    const asset = await sendRequest(port, 'GET', '/assets/app-1a2b3c4D.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect(asset.body.toString()).toBe(APP_JS);

    const route = await sendRequest(port, 'GET', '/opportunities/42?tab=signups', {
      headers: { accept: 'text/html' },
    });
    expect(route.status).toBe(200);
    expect(route.body.toString()).toContain('<title>Campus</title>');
    expect(route.headers['cache-control']).toBe('no-cache');

    const head = await sendRequest(port, 'HEAD', '/leaderboard');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);

    const missingAsset = await sendRequest(port, 'GET', '/assets/missing-0000.js');
    expect(missingAsset.status).toBe(404);
    expect(json(missingAsset)).toMatchObject({ status: 404, title: 'Not Found' });

    const postToPage = await sendRequest(port, 'POST', '/opportunities/42', {
      headers: { 'content-length': 0 },
    });
    expect(postToPage.status).toBe(404);
  });

  it.each([
    ['/assets/app-1a2b3c4D.js', /javascript/, APP_JS],
    ['/assets/index-Zx_9-y8W.css', /text\/css/, APP_CSS],
    ['/', /text\/html/, INDEX_HTML],
    ['/opportunities/42', /text\/html/, INDEX_HTML],
  ])('compresses %s with Brotli or gzip, whichever the browser accepts', async (p, type, text) => {
    const port = portOf(gateway);
    const accept = 'text/html,*/*';
    for (const [acceptEncoding, expected] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const answer = await sendRequest(port, 'GET', p, {
        headers: { accept, 'accept-encoding': acceptEncoding },
      });
      expect(answer.status, acceptEncoding).toBe(200);
      expect(answer.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(answer.headers['content-type'], acceptEncoding).toMatch(type);
      expect(answer.headers['vary'], acceptEncoding).toMatch(/accept-encoding/i);
      expect(answer.body.length, acceptEncoding).toBeLessThan(Buffer.byteLength(text) / 2);
      expect(decoded(answer), acceptEncoding).toBe(text);
    }
  });

  it.each(['/assets/app-1a2b3c4D.js', '/assets/index-Zx_9-y8W.css', '/'])(
    'sends %s as it is when the browser accepts no compression',
    async (p) => {
      for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': '' }]) {
        const answer = await sendRequest(portOf(gateway), 'GET', p, { headers });
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBeUndefined();
        expect(answer.body.toString()).toContain(p === '/' ? '<title>Campus</title>' : '\n');
        expect(answer.body.length).toBeGreaterThan(1024);
      }
    },
  );

  it('caches hashed assets for a year and has everything else revalidated', async () => {
    const port = portOf(gateway);
    const cacheControl = async (p: string, acceptEncoding = 'gzip, br') =>
      (
        await sendRequest(port, 'GET', p, {
          headers: { accept: 'text/html', 'accept-encoding': acceptEncoding },
        })
      ).headers['cache-control'];
    const year = 'public, max-age=31536000, immutable';
    expect(await cacheControl('/assets/app-1a2b3c4D.js')).toBe(year);
    expect(await cacheControl('/assets/app-1a2b3c4D.js', 'identity')).toBe(year);
    expect(await cacheControl('/assets/index-Zx_9-y8W.css')).toBe(year);
    expect(await cacheControl('/')).toBe('no-cache');
    expect(await cacheControl('/index.html')).toBe('no-cache');
    expect(await cacheControl('/index.html', 'identity')).toBe('no-cache');
    expect(await cacheControl('/opportunities/42')).toBe('no-cache');
    expect(await cacheControl('/zod-config.js')).toBe('no-cache');
    expect(await cacheControl('/favicon.svg')).toBe('no-cache');
    expect(await cacheControl('/assets/notes.txt')).toBe('no-cache');
  });

  it('compresses a large JSON answer of a service, and leaves a small one as it is', async () => {
    const port = portOf(gateway);
    const big = await sendRequest(port, 'GET', '/api/big-list', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(big.body.length).toBeLessThan(Buffer.byteLength(BIG_LIST) / 4);
    expect(decoded(big)).toBe(BIG_LIST);
    const plain = await sendRequest(port, 'GET', '/api/big-list');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_LIST);
    const small = await sendRequest(port, 'GET', '/api/opportunities', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(json(small)).toMatchObject({ upstream: 'query' });
  });

  it('never compresses a photo', async () => {
    const answer = await sendRequest(portOf(gateway), 'GET', '/files/photo.png', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.equals(PHOTO)).toBe(true);
  });

  it('passes an event stream through uncompressed, each event as soon as it is written', async () => {
    const before = openStreams.length;
    const first = await new Promise<{ encoding: unknown; chunk: string }>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: portOf(gateway),
          path: '/api/events',
          headers: { 'accept-encoding': 'gzip, br', accept: 'text/event-stream' },
          agent: false,
        },
        (res) => {
          // The upstream still holds the stream open: this event came on its own.
          res.once('data', (chunk: Buffer) => {
            resolve({ encoding: res.headers['content-encoding'], chunk: chunk.toString() });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
    });
    expect(openStreams.length).toBe(before + 1);
    expect(first.encoding).toBeUndefined();
    expect(first.chunk.startsWith('data: first')).toBe(true);
    // A compressed stream would hold the event back (and its headers with it) until the end.
  }, 10_000);

  it('sends the UI with its security headers: CSP, nosniff, referrer policy, no framing', async () => {
    const port = portOf(gateway);
    for (const [path, accept] of [
      ['/', 'text/html'],
      ['/opportunities/42', 'text/html'],
      ['/assets/app-1a2b3c4D.js', '*/*'],
      ['/assets/missing-0000.js', '*/*'],
    ] as const) {
      const answer = await sendRequest(port, 'GET', path, { headers: { accept } });
      const csp = directivesOf(answer.headers['content-security-policy']);
      expect(csp.get('script-src'), path).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(csp.get('object-src'), path).toEqual(["'none'"]);
      expect(csp.get('base-uri'), path).toEqual(["'self'"]);
      expect(csp.get('img-src'), path).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp.get('connect-src'), path).toEqual(
        expect.arrayContaining([
          "'self'",
          'http://127.0.0.1:9099',
          'https://identitytoolkit.googleapis.com',
          'https://securetoken.googleapis.com',
        ]),
      );
      expect(csp.has('upgrade-insecure-requests'), path).toBe(false);
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['x-frame-options'], path).toBe('DENY');
      // Google sign-in's popup must be able to answer its opener.
      expect(answer.headers['cross-origin-opener-policy'], path).toBe('same-origin-allow-popups');
    }
  });

  it('leaves the services’ answers to their own headers', async () => {
    const answer = await sendRequest(portOf(gateway), 'GET', '/api/opportunities');
    expect(json(answer)).toMatchObject({ upstream: 'query' });
    expect(answer.headers['content-security-policy']).toBeUndefined();
  });

  it('allows a production build’s Google sign-in popup only when its auth domain is named', () => {
    const strict = uiCspDirectives();
    expect(strict.scriptSrc).toEqual(["'self'"]);
    expect(strict.frameSrc).toEqual(["'none'"]);
    expect(strict.connectSrc).not.toContain('http://127.0.0.1:9099');
    const popup = uiCspDirectives({ firebaseAuthDomain: 'campus-prod.firebaseapp.com' });
    expect(popup.frameSrc).toEqual(['https://campus-prod.firebaseapp.com']);
    expect(popup.scriptSrc).toEqual(["'self'", 'https://apis.google.com']);
  });

  it('keeps Vite’s dev server working: no CSP there, the other headers still', async () => {
    const page = await sendRequest(portOf(devGateway), 'GET', '/src/main.tsx');
    expect(page.headers['content-security-policy']).toBeUndefined();
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
  });

  it('does not let a non-service path that merely starts like one reach a service', async () => {
    const before = query.seen.length;
    const answer = await sendRequest(portOf(gateway), 'GET', '/uploads-guide', {
      headers: { accept: 'text/html' },
    });
    expect(answer.body.toString()).toContain('<title>Campus</title>');
    expect(query.seen.length).toBe(before);
  });

  it('proxies non-service paths to the dev server, websocket upgrades included', async () => {
    const port = portOf(devGateway);
    const page = await sendRequest(port, 'GET', '/src/main.tsx');
    expect(json(page)).toMatchObject({ upstream: 'dev', url: '/src/main.tsx' });
    const api = await sendRequest(port, 'GET', '/api/opportunities');
    expect(json(api)).toMatchObject({ upstream: 'query' });

    const { status, echoed } = await upgradeAndPing(port, '/?token=hmr');
    expect(status).toBe(101);
    expect(echoed).toBe('dev:ping');
    expect(lastSeen(dev)).toMatchObject({ method: 'UPGRADE', url: '/?token=hmr' });
  });

  it('answers 502 with a problem body when an upstream is unreachable, and keeps going', async () => {
    const deadPort = await freePort();
    const broken = createGateway({
      queryUrl: `http://127.0.0.1:${deadPort}`,
      commandUrl: `http://127.0.0.1:${deadPort}`,
      staticDir,
    });
    await listen(broken);
    try {
      const port = portOf(broken);
      for (const [method, p] of [
        ['GET', '/api/opportunities'],
        ['POST', '/api/signups'],
        ['DELETE', '/files/x'],
      ] as const) {
        const sent = method === 'GET' ? [] : [Buffer.from('{"a":1}')];
        const answer = await sendRequest(port, method, p, {
          headers: {
            'content-type': 'application/json',
            'content-length': sent[0]?.length ?? 0,
            'accept-encoding': 'gzip, br',
          },
          chunks: sent,
        });
        expect(answer.status).toBe(502);
        expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
        const body = json(answer);
        expect(body).toMatchObject({ type: 'about:blank', title: 'Bad Gateway', status: 502 });
        expect(body['detail']).toEqual(
          expect.stringContaining(method === 'GET' ? 'query' : 'command'),
        );
        expect(body['message']).toBe(body['detail']);
      }
      // A chunked upload the upstream never read: the next request must still be understood.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const upload = await sendRequest(port, 'POST', '/upload', {
          headers: { 'content-type': 'application/octet-stream' },
          chunks: Array.from({ length: 16 }, () => Buffer.alloc(64 * 1024, 7)),
          agent,
        });
        expect(upload.status).toBe(502);
        const next = await sendRequest(port, 'DELETE', '/api/x', {
          headers: { 'content-length': 0 },
          agent,
        });
        expect(next.status).toBe(502);
      } finally {
        agent.destroy();
      }
      const head = await sendRequest(port, 'HEAD', '/api/opportunities');
      expect(head.status).toBe(502);
      // The gateway is still alive and still serves the frontend.
      const page = await sendRequest(port, 'GET', '/');
      expect(page.status).toBe(200);
      expect((await sendRequest(port, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await close(broken);
    }
  });
});

describe('gateway configuration', () => {
  it('has defaults pointing at the local services', () => {
    expect(loadGatewayEnv({})).toMatchObject({
      GATEWAY_PORT: 8080,
      QUERY_URL: 'http://127.0.0.1:4002',
      COMMAND_URL: 'http://127.0.0.1:4001',
    });
    expect(loadGatewayEnv({ GATEWAY_PORT: '', STATIC_DIR: '' })).toMatchObject({
      GATEWAY_PORT: 8080,
      STATIC_DIR: undefined,
    });
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadGatewayEnv({ GATEWAY_PORT: 'eighty' })).toThrow(/GATEWAY_PORT/);
    expect(() => loadGatewayEnv({ GATEWAY_PORT: '70000' })).toThrow(/GATEWAY_PORT/);
    expect(() => loadGatewayEnv({ QUERY_URL: 'not a url' })).toThrow(/QUERY_URL/);
    expect(() => loadGatewayEnv({ COMMAND_URL: 'ftp://x' })).toThrow(/COMMAND_URL/);
    expect(() => loadGatewayEnv({ STATIC_DIR: '/definitely/not/here' })).toThrow(/STATIC_DIR/);
    expect(() =>
      loadGatewayEnv({ STATIC_DIR: tmpdir(), DEV_SERVER_URL: 'http://127.0.0.1:5173' }),
    ).toThrow(/DEV_SERVER_URL/);
    expect(() => loadGatewayEnv({ FIREBASE_AUTH_EMULATOR_HOST: 'http://x:1' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST/,
    );
    expect(() => loadGatewayEnv({ FIREBASE_AUTH_DOMAIN: "x'; script-src *" })).toThrow(
      /FIREBASE_AUTH_DOMAIN/,
    );
  });

  it('reads the auth emulator and auth domain the UI’s CSP allows', () => {
    expect(
      loadGatewayEnv({
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199',
        FIREBASE_AUTH_DOMAIN: 'campus-prod.firebaseapp.com',
      }),
    ).toMatchObject({
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199',
      FIREBASE_AUTH_DOMAIN: 'campus-prod.firebaseapp.com',
    });
  });
});
