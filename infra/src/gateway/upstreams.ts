import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { Logger } from '../logging';

/**
 * Several copies of one service behind the gateway (see gateway.ts):
 *
 * - `next()` gives the upstream whose turn it is (round-robin over those in rotation); the proxy's
 *   router sends the request there.
 * - `agent` opens the connection for the proxy. If the chosen upstream cannot be reached (refused,
 *   reset or timed out before the connection was established), it is left out of rotation for
 *   `downMs` and the next one is tried, then the next. Nothing of the request has been sent at
 *   that point (the proxy holds the headers and the body back until it has a connection), so this
 *   is safe for commands too: the service never saw the request. Once a connection is open, a
 *   failure is never retried (the proxy answers 502): the service may have applied it.
 * - Once connected, an upstream that lets the connection sit silent for `answerTimeoutMs` (no byte
 *   of its answer, nor of the request's body taken) has it closed with code `NO_ANSWER` (the
 *   proxy answers 504, never retried either): a frozen copy (SIGSTOP, a stuck event loop or pool)
 *   still accepts connections and would otherwise hold the request forever.
 * - With more than one upstream, each one's `GET /readyz` is asked every `probeIntervalMs`: 503
 *   (draining after SIGTERM, or no database) takes it out of rotation until it answers otherwise;
 *   a refused probe leaves it out like a refused request. A probe that gets no answer in time, or
 *   the second failed probe in a row, takes it out until a probe is answered again (a frozen copy
 *   gets no new requests). Any other answer (404 from a service without /readyz included) keeps
 *   it in.
 *
 * When no upstream is in rotation the request is still tried on each in turn (one may have just
 * come back); if none answers, the proxy's error handler answers 502.
 */
export type UpstreamPoolOptions = {
  /** For logs: "command service". */
  readonly name: string;
  /** http(s) URLs without a trailing slash, all with the same scheme. */
  readonly urls: readonly string[];
  readonly logger?: Logger | undefined;
  /** How long an upstream that could not be reached stays out of rotation; 2 s by default. */
  readonly downMs?: number | undefined;
  /** How long opening a connection may take before the next upstream is tried; 2 s by default. */
  readonly connectTimeoutMs?: number | undefined;
  /**
   * How long a connected upstream may stay silent before the request is given up (`NO_ANSWER`);
   * 60 s by default, like nginx's proxy_read_timeout.
   */
  readonly answerTimeoutMs?: number | undefined;
  /**
   * How often each upstream's /readyz is asked; 1 s by default when there are several upstreams,
   * 0 to never ask. A lone upstream is never probed: it gets every request anyway.
   */
  readonly probeIntervalMs?: number | undefined;
};

export type UpstreamPool = {
  readonly name: string;
  readonly urls: readonly string[];
  /** The upstream whose turn it is: the first in rotation after the last one given. */
  readonly next: () => string;
  /** Connects to the proxy's target, or on to the next upstreams when it cannot be reached. */
  readonly agent: http.Agent;
  /** Stops probing and closes the agent's connections. */
  readonly close: () => void;
};

const DEFAULT_DOWN_MS = 2_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 2_000;
const DEFAULT_PROBE_INTERVAL_MS = 1_000;
export const DEFAULT_ANSWER_TIMEOUT_MS = 60_000;

/** The code of the error a request ends with when its upstream did not answer in time. */
export const NO_ANSWER = 'NO_ANSWER';

type Upstream = {
  readonly url: string;
  readonly hostname: string;
  readonly port: number;
  /** Out of rotation until then (epoch ms): it could not be reached. */
  downUntil: number;
  /** False while its /readyz answers 503. */
  ready: boolean;
  /** True from a probe that got no answer in time (or a second failed one) until one is answered. */
  silent: boolean;
  /** Probes failed in a row (no answer, or no connection). */
  probeFailures: number;
};

/** What Node's agent passes to `createConnection` (`_agentKey` names the TLS session cache). */
type ConnectOptions = https.RequestOptions & { _agentKey?: string };
type Connected = (error: Error | null, socket: Duplex) => void;

const withoutBrackets = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');

const codeOf = (error: unknown): string =>
  (error as NodeJS.ErrnoException | undefined)?.code ?? String(error);

export const createUpstreamPool = (options: UpstreamPoolOptions): UpstreamPool => {
  const { name, logger } = options;
  if (options.urls.length === 0) throw new Error(`${name}: no upstream URL`);
  const downMs = options.downMs ?? DEFAULT_DOWN_MS;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const answerTimeoutMs = options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
  const probeIntervalMs =
    options.urls.length > 1 ? (options.probeIntervalMs ?? DEFAULT_PROBE_INTERVAL_MS) : 0;

  const parsed = options.urls.map((url) => new URL(url));
  const secure = parsed[0]?.protocol === 'https:';
  if (parsed.some((url) => url.protocol !== (secure ? 'https:' : 'http:'))) {
    throw new Error(`${name}: the upstream URLs must all be http:// or all https://`);
  }
  const upstreams: Upstream[] = parsed.map((url, i) => ({
    url: options.urls[i] ?? url.origin,
    hostname: withoutBrackets(url.hostname),
    port: url.port ? Number(url.port) : secure ? 443 : 80,
    downUntil: 0,
    ready: true,
    silent: false,
    probeFailures: 0,
  }));

  const inRotation = (upstream: Upstream): boolean =>
    upstream.ready && !upstream.silent && Date.now() >= upstream.downUntil;

  const markDown = (upstream: Upstream, code: string): void => {
    const wasIn = inRotation(upstream);
    upstream.downUntil = Date.now() + downMs;
    if (wasIn && upstreams.length > 1) {
      logger?.warn(
        { upstream: name, target: upstream.url, code },
        'upstream unreachable: out of rotation',
      );
    }
  };

  /** A probe was answered: its status decides; whatever kept the upstream out before is over. */
  const probeAnswered = (upstream: Upstream, ready: boolean): void => {
    const wasIn = inRotation(upstream);
    upstream.ready = ready;
    upstream.downUntil = 0;
    upstream.silent = false;
    upstream.probeFailures = 0;
    const isIn = inRotation(upstream);
    if (wasIn && !isIn) {
      logger?.warn({ upstream: name, target: upstream.url }, 'upstream not ready: out of rotation');
    } else if (!wasIn && isIn) {
      logger?.info({ upstream: name, target: upstream.url }, 'upstream back in rotation');
    }
  };

  /** A probe got no answer: no connection (`code`), or none in time (`SLOW`). */
  const probeFailed = (upstream: Upstream, code: string): void => {
    upstream.probeFailures += 1;
    // An unreachable upstream is left out like for a request (downMs)...
    if (code !== 'SLOW') markDown(upstream, code);
    // ...and one that keeps failing, or connects but does not answer, until a probe is answered.
    if ((code === 'SLOW' || upstream.probeFailures >= 2) && !upstream.silent) {
      upstream.silent = true;
      if (upstreams.length > 1) {
        logger?.warn(
          { upstream: name, target: upstream.url, code, failures: upstream.probeFailures },
          'upstream not answering its readiness probe: out of rotation',
        );
      }
    }
  };

  let turn = 0;
  const next = (): string => {
    for (let i = 0; i < upstreams.length; i += 1) {
      const index = (turn + i) % upstreams.length;
      const upstream = upstreams[index];
      if (upstream && inRotation(upstream)) {
        turn = index + 1;
        return upstream.url;
      }
    }
    // None in rotation: take turns anyway (the agent tries each one).
    const upstream = upstreams[turn % upstreams.length] ?? upstreams[0];
    turn += 1;
    return (upstream as Upstream).url;
  };

  /** The upstreams to try for a request sent to `host:port`: it first, then the others in turn. */
  const attemptOrder = (host: string | null | undefined, port: unknown): Upstream[] => {
    const first = Math.max(
      0,
      upstreams.findIndex(
        (u) => u.hostname === withoutBrackets(host ?? '') && String(u.port) === String(port),
      ),
    );
    const ring = upstreams.map((_, i) => upstreams[(first + i) % upstreams.length] as Upstream);
    // Those in rotation first; the others only as a last resort.
    return [...ring.filter(inRotation), ...ring.filter((u) => !inRotation(u))];
  };

  const agent = secure
    ? new https.Agent({ keepAlive: false })
    : new http.Agent({ keepAlive: false });
  // Node's own: net.connect, or tls.connect with the agent's session cache.
  const openSocket = agent.createConnection.bind(agent) as (options: ConnectOptions) => Socket;

  const connect = (request: ConnectOptions, candidates: Upstream[], done: Connected): void => {
    const [upstream, ...rest] = candidates;
    if (!upstream) return;
    let settled = false;
    const servername =
      request.servername === undefined || request.servername === request.host
        ? undefined
        : request.servername;
    const target = {
      ...request,
      host: upstream.hostname,
      port: upstream.port,
      ...(secure ? { servername: servername ?? upstream.hostname } : {}),
    };
    // TLS sessions are kept per upstream.
    const socket = openSocket({ ...target, _agentKey: agent.getName(target) });
    const timer = setTimeout(() => {
      socket.destroy(
        Object.assign(new Error(`no connection within ${String(connectTimeoutMs)} ms`), {
          code: 'ETIMEDOUT',
        }),
      );
    }, connectTimeoutMs);
    socket.once('connect', () => {
      settled = true;
      clearTimeout(timer);
      // From here on the request owns the socket; a websocket upgrade turns this off (timeout 0).
      socket.setTimeout(answerTimeoutMs);
      socket.once('timeout', () => {
        socket.destroy(
          Object.assign(new Error(`no answer within ${String(answerTimeoutMs)} ms`), {
            code: NO_ANSWER,
          }),
        );
      });
      done(null, socket);
    });
    // Kept for the socket's whole life: after the hand-over the request has its own listener.
    socket.on('error', (error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      markDown(upstream, codeOf(error));
      if (rest.length === 0) {
        done(error, socket);
        return;
      }
      logger?.debug(
        { upstream: name, target: upstream.url, code: codeOf(error) },
        'upstream unreachable: trying the next one',
      );
      connect(request, rest, done);
    });
  };

  agent.createConnection = (request: ConnectOptions, done?: Connected): undefined => {
    // Node's agent passes a callback; the proxy never calls this directly.
    if (done) connect(request, attemptOrder(request.host, request.port), done);
    return undefined;
  };

  // --- readiness probes ---------------------------------------------------------------------

  let closed = false;
  let probeTimer: NodeJS.Timeout | undefined;

  const probe = (upstream: Upstream): Promise<void> =>
    new Promise((resolve) => {
      let answered = false;
      const req = (secure ? https : http).get(
        `${upstream.url}/readyz`,
        { agent: false, timeout: Math.max(probeIntervalMs, 500) },
        (res) => {
          answered = true;
          res.resume();
          probeAnswered(upstream, res.statusCode !== 503);
          resolve();
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'SLOW' })));
      req.on('error', (error) => {
        if (!answered) probeFailed(upstream, codeOf(error));
        resolve();
      });
    });

  const probeAll = async (): Promise<void> => {
    await Promise.all(upstreams.map(probe));
    if (!closed) probeTimer = setTimeout(() => void probeAll(), probeIntervalMs).unref();
  };
  if (probeIntervalMs > 0) void probeAll();

  return {
    name,
    urls: upstreams.map((u) => u.url),
    next,
    agent,
    close: () => {
      closed = true;
      clearTimeout(probeTimer);
      agent.destroy();
    },
  };
};
