import { existsSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import express, { type Request, type Response } from 'express';
import { createProxyMiddleware, type RequestHandler as ProxyHandler } from 'http-proxy-middleware';
import { maskPath } from '../http/problem-middleware';
import type { Logger } from '../logging';
import { compressAnswers, precompressedStatic } from './compression';
import { uiSecurityHeaders, type UiSecurityOptions } from './ui-security';
import {
  createUpstreamPool,
  NO_ANSWER,
  type UpstreamPool,
  type UpstreamPoolOptions,
} from './upstreams';

/**
 * The one-origin gateway used by `npm start` and during development (nginx does the same job in
 * production, see infra/nginx/campus.conf):
 *
 * - `/api/*`, `/upload` and `/files/*`: GET and HEAD go to the query service, every other method
 *   to the command service. Bodies stream through untouched (no body parser runs here), so
 *   multipart uploads pass as they came; request and response headers pass both ways.
 * - `/healthz`: answered by the gateway itself.
 * - everything else: served from `staticDir` (a production build) with an SPA fallback to
 *   index.html, or proxied to `devServerUrl` (Vite), websocket upgrades included (HMR), with the
 *   UI's security headers (ui-security.ts); the services send their own. Vite's hashed files
 *   (`assets/<name>-<hash>.<ext>`) are cached for a year, everything else is revalidated.
 * - compression (compression.ts): the build's precompressed `.br`/`.gz` files for the UI, and
 *   gzip or Brotli on the fly for the rest, the services' answers included (never event streams).
 *
 * Each service may run as several copies: requests take turns between them, and one that cannot be
 * reached is skipped (upstreams.ts). When none can be reached the answer is 502 with a problem
 * body; the gateway never crashes on it. A copy that takes the request but stays silent (frozen)
 * has it given up after `answerTimeoutMs` (60 s by default): 504 with a problem body, never sent
 * to another copy (the first may have applied it).
 *
 * Logs name a request by its path with anything but plain words and ids masked (addresses travel
 * in paths such as /api/users/check/:address), never its query string.
 */
export type GatewayOptions = {
  /** The query service: one URL, or the URLs of its copies. */
  readonly queryUrl: string | readonly string[];
  /** The command service: one URL, or the URLs of its copies. */
  readonly commandUrl: string | readonly string[];
  /**
   * How copies are taken out of rotation and brought back, and how long one may take to connect
   * and to answer (upstreams.ts has the defaults).
   */
  readonly balancing?: Pick<
    UpstreamPoolOptions,
    'downMs' | 'connectTimeoutMs' | 'probeIntervalMs' | 'answerTimeoutMs'
  >;
  /** Folder of the built frontend (frontend/dist). */
  readonly staticDir?: string | undefined;
  /** Vite dev server; takes the place of `staticDir` during development. */
  readonly devServerUrl?: string | undefined;
  readonly logger?: Logger | undefined;
  /** What the UI's Content-Security-Policy allows beyond its own origin (sign-in). */
  readonly uiSecurity?: UiSecurityOptions | undefined;
};

type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail: string;
  message: string;
};

const problem = (status: number, title: string, detail: string): ProblemBody => ({
  type: 'about:blank',
  title,
  status,
  detail,
  message: detail,
});

/** Paths owned by the services (everything else belongs to the frontend). */
export const isServicePath = (pathname: string): boolean =>
  pathname === '/api' ||
  pathname.startsWith('/api/') ||
  pathname === '/upload' ||
  pathname.startsWith('/upload/') ||
  pathname.startsWith('/files/');

/** GET and HEAD are reads (query service); every other method is a command. */
export const isReadMethod = (method: string | undefined): boolean =>
  method === 'GET' || method === 'HEAD';

const pathnameOf = (url: string | undefined): string => {
  const raw = url ?? '/';
  const end = raw.search(/[?#]/);
  return end === -1 ? raw : raw.slice(0, end);
};

/** A request's path for logs: no query string, and no segment that may carry personal data. */
const loggedPath = (url: string | undefined): string => maskPath(pathnameOf(url));

const isSocket = (target: unknown): target is Socket =>
  typeof target === 'object' && target !== null && 'destroy' in target && !('writeHead' in target);

const sendProblem = (res: http.ServerResponse, body: ProblemBody): void => {
  const payload = JSON.stringify(body);
  res.writeHead(body.status, {
    'content-type': 'application/problem+json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
  });
  res.end(payload);
};

/**
 * A proxy to one upstream, or to a pool of copies: the pool's turn picks the target and its agent
 * connects (to another copy when that one cannot be reached). Like a proxy without an agent, one
 * with a pool sends `Connection: close` upstream on plain requests (never on upgrades).
 */
const makeProxy = (
  upstream: string | UpstreamPool,
  name: string,
  logger: Logger | undefined,
  use: 'requests' | 'upgrades' = 'requests',
): ProxyHandler =>
  createProxyMiddleware({
    ...(typeof upstream === 'string'
      ? { target: upstream }
      : {
          target: upstream.urls[0],
          router: () => upstream.next(),
          agent: upstream.agent,
          ...(use === 'requests' ? { headers: { connection: 'close' } } : {}),
        }),
    // Keep the browser's Host; say where the request came from in X-Forwarded-*.
    changeOrigin: false,
    xfwd: true,
    ws: false, // upgrades are routed by the gateway itself (see below)
    on: {
      // A websocket closed abruptly on one side must not leave the other side open.
      proxyReqWs: (proxyReq, _req, socket) => {
        proxyReq.on('upgrade', (_res: http.IncomingMessage, proxySocket: Socket) => {
          socket.once('close', () => proxySocket.destroy());
          proxySocket.once('close', () => socket.destroy());
        });
      },
      error: (error, req, res) => {
        const code = (error as NodeJS.ErrnoException).code ?? error.message;
        logger?.warn(
          {
            upstream: name,
            target: typeof upstream === 'string' ? upstream : upstream.urls.join(','),
            code,
            method: req.method,
            path: loggedPath(req.url),
          },
          'upstream error',
        );
        if (isSocket(res)) {
          res.destroy();
          return;
        }
        if (res.headersSent) {
          // The upstream failed half-way through its answer: all we can do is cut it off.
          res.destroy();
          return;
        }
        if (!req.complete) {
          // The request body was not (fully) read: drain it and close the connection, so its
          // leftover bytes are never taken for the next request on this keep-alive socket.
          res.setHeader('connection', 'close');
          req.resume();
        }
        sendProblem(
          res,
          code === NO_ANSWER
            ? problem(
                504,
                'Gateway Timeout',
                `The ${name} did not answer in time. Please try again in a moment.`,
              )
            : problem(
                502,
                'Bad Gateway',
                `The ${name} is not reachable right now. Please try again in a moment.`,
              ),
        );
      },
    },
  });

/** Vite's content-hashed file names: `<name>-<8 or more characters of hash>.<ext>`. */
const HASHED_NAME = /-[\w-]{8,}\.[a-z0-9]+$/i;

/**
 * A file of the build under `assets/` with a hash in its name never changes (a new build gives it
 * a new name): cached for a year. index.html and the unhashed files of public/ must be revalidated
 * on every use, or a browser would keep an old page that names assets gone.
 */
export const cacheControlOf = (staticDir: string, filePath: string): string => {
  const relative = path.relative(staticDir, filePath).split(path.sep);
  return relative.length === 2 && relative[0] === 'assets' && HASHED_NAME.test(relative[1] ?? '')
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
};

const sendsHtml = (req: Request): boolean => {
  const last = req.path.split('/').pop() ?? '';
  // A path whose last segment has no extension is a client-side route; so is anything a browser
  // navigates to (Accept: text/html). Missing assets (/assets/x.js) stay 404.
  return !last.includes('.') || (req.headers.accept ?? '').includes('text/html');
};

/** Builds the gateway; the caller listens (`server.listen(port)`). */
export const createGateway = (options: GatewayOptions): http.Server => {
  const { logger } = options;
  const poolOf = (urls: string | readonly string[], name: string): UpstreamPool =>
    createUpstreamPool({
      ...options.balancing,
      name,
      urls: typeof urls === 'string' ? [urls] : urls,
      logger,
    });
  const queryPool = poolOf(options.queryUrl, 'query service');
  const commandPool = poolOf(options.commandUrl, 'command service');
  const queryProxy = makeProxy(queryPool, 'query service', logger);
  const queryUpgrades = makeProxy(queryPool, 'query service', logger, 'upgrades');
  const commandProxy = makeProxy(commandPool, 'command service', logger);
  const devProxy = options.devServerUrl
    ? makeProxy(options.devServerUrl, 'frontend dev server', logger)
    : undefined;
  const staticDir = options.staticDir ? path.resolve(options.staticDir) : undefined;
  const indexHtml = staticDir ? path.join(staticDir, 'index.html') : undefined;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.get('/healthz', (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'ok' });
  });

  app.use(compressAnswers());

  app.use((req, res, next) => {
    if (!isServicePath(pathnameOf(req.originalUrl))) {
      next();
      return;
    }
    const proxy = isReadMethod(req.method) ? queryProxy : commandProxy;
    void proxy(req, res, next);
  });

  app.use(uiSecurityHeaders({ ...options.uiSecurity, devServer: Boolean(devProxy) }));

  if (devProxy) {
    app.use((req, res, next) => void devProxy(req, res, next));
  } else if (staticDir && indexHtml) {
    app.use(
      precompressedStatic(staticDir, (filePath) => ({
        'cache-control': cacheControlOf(staticDir, filePath),
      })),
    );
    app.use(
      express.static(staticDir, {
        index: ['index.html'],
        fallthrough: true,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.setHeader('cache-control', cacheControlOf(staticDir, filePath));
        },
      }),
    );
    app.use((req: Request, res: Response, next) => {
      if (!isReadMethod(req.method) || !sendsHtml(req) || !existsSync(indexHtml)) {
        next();
        return;
      }
      res.setHeader('cache-control', 'no-cache');
      res.sendFile(indexHtml, (error) => {
        if (error) next(error);
      });
    });
  }

  app.use((req: Request, res: Response) => {
    sendProblem(res, problem(404, 'Not Found', `No route for ${req.method} ${req.path}`));
  });

  // Errors from express.static / sendFile (e.g. a malformed path): answer, never crash.
  app.use((error: unknown, req: Request, res: Response, _next: express.NextFunction) => {
    const status =
      typeof error === 'object' &&
      error !== null &&
      'status' in error &&
      typeof error.status === 'number' &&
      error.status >= 400 &&
      error.status < 600
        ? error.status
        : 500;
    if (status >= 500) {
      logger?.error({ err: error, path: loggedPath(req.originalUrl) }, 'gateway error');
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    sendProblem(
      res,
      status >= 500
        ? problem(status, 'Internal Server Error', 'The gateway failed to answer this request.')
        : problem(status, http.STATUS_CODES[status] ?? 'Error', `Cannot ${req.method} ${req.path}`),
    );
  });

  const server = http.createServer(app);

  // Websocket upgrades: service paths follow the read rule (an upgrade is a GET); everything else
  // goes to the dev server (Vite HMR) when there is one.
  server.on('upgrade', (req: http.IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (isServicePath(pathnameOf(req.url))) {
      queryUpgrades.upgrade(req, socket, head);
    } else if (devProxy) {
      devProxy.upgrade(req, socket, head);
    } else {
      socket.destroy();
    }
  });
  server.on('close', () => {
    queryPool.close();
    commandPool.close();
  });

  return server;
};
