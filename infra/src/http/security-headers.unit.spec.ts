import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from './security';

/** An Express app with Express's defaults (X-Powered-By on) answering JSON, a 404 and a 500. */
const startApp = (headers: RequestHandler) =>
  new Promise<Server>((resolve) => {
    const app = express();
    app.use(headers);
    app.get('/ok', (_request, response) => {
      response.json({ ok: true });
    });
    app.get('/boom', () => {
      throw new Error('boom');
    });
    // A fixed error answer: Express's own page shows the stack, which names the middleware.
    app.use(((_error, _request, response, _next) => {
      response.status(500).json({ error: 'boom' });
    }) satisfies ErrorRequestHandler);
    const server = app.listen(0, '127.0.0.1', () => {
      resolve(server);
    });
  });

/** The answer's headers as sent, names as spelled on the wire, in order, the date left out. */
const headersOf = (server: Server, path: string) =>
  new Promise<string[][]>((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    get({ host: '127.0.0.1', port, path }, (response) => {
      response.resume();
      const raw = response.rawHeaders;
      const pairs: string[][] = [];
      for (let i = 0; i + 1 < raw.length; i += 2) pairs.push([raw[i] ?? '', raw[i + 1] ?? '']);
      resolve(pairs.filter(([name]) => name?.toLowerCase() !== 'date'));
    }).on('error', reject);
  });

describe('security headers', () => {
  let withHelmet: Server;
  let precomputed: Server;
  beforeAll(async () => {
    [withHelmet, precomputed] = await Promise.all([
      startApp(helmet()),
      startApp(securityHeaders()),
    ]);
  });
  afterAll(async () => {
    await Promise.all(
      [withHelmet, precomputed].map((server) => new Promise((resolve) => server.close(resolve))),
    );
  });

  it.each(['/ok', '/nothing-here', '/boom'])(
    'answers %s with exactly the headers helmet sends, spelled and ordered as helmet does',
    async (path) => {
      const expected = await headersOf(withHelmet, path);
      expect(await headersOf(precomputed, path)).toEqual(expected);
    },
  );

  it("sends helmet's defaults and no X-Powered-By", async () => {
    const headers = new Map((await headersOf(precomputed, '/ok')).map(([n, v]) => [n ?? '', v]));
    expect(headers.get('Content-Security-Policy')).toMatch(/^default-src 'self';/);
    expect(headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
    expect(headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
    expect(headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(headers.get('X-XSS-Protection')).toBe('0');
    expect([...headers.keys()].map((name) => name.toLowerCase())).not.toContain('x-powered-by');
  });
});
