import { createServer, Agent, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import {
  closeConnectionsWhenDraining,
  closeServer,
  createLifecycle,
  readinessHandler,
  shutdownSettings,
  type Readiness,
} from './service-runner';
import { errorCodeOf, getAnswer } from './testing/http-answer';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

/** Whether `promise` has settled once pending callbacks had their turn. */
const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  return settled;
};

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A server on a free port with the drain's `Connection: close` wired in. */
const serve = async (handler: RequestListener) => {
  const lifecycle = createLifecycle();
  const server = createServer(handler);
  servers.push(server);
  closeConnectionsWhenDraining(server, lifecycle.draining);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, lifecycle, url: `http://127.0.0.1:${String(port)}` };
};

describe('createLifecycle', () => {
  it('is ready until the drain begins, then not, with its signal aborted', () => {
    const lifecycle = createLifecycle();
    expect(lifecycle.ready()).toBe(true);
    expect(lifecycle.draining.aborted).toBe(false);
    lifecycle.drain();
    lifecycle.drain();
    expect(lifecycle.ready()).toBe(false);
    expect(lifecycle.draining.aborted).toBe(true);
  });
});

describe('shutdownSettings', () => {
  it('drains 2 s in production and not at all elsewhere unless told, within the timeout', () => {
    expect(shutdownSettings({ APP_ENV: 'production', SHUTDOWN_TIMEOUT_MS: 25_000 })).toEqual({
      drainMs: 2_000,
      timeoutMs: 25_000,
      closeGraceMs: 20_000,
    });
    expect(shutdownSettings({ APP_ENV: 'test', SHUTDOWN_TIMEOUT_MS: 25_000 }).drainMs).toBe(0);
    expect(
      shutdownSettings({ APP_ENV: 'production', SHUTDOWN_DRAIN_MS: 0, SHUTDOWN_TIMEOUT_MS: 2_000 }),
    ).toEqual({ drainMs: 0, timeoutMs: 2_000, closeGraceMs: 1_500 });
  });
});

describe('draining an HTTP server', () => {
  it('answers a request in flight in full with Connection: close, then refuses new connections', async () => {
    const held = deferred();
    const { server, lifecycle, url } = await serve((req, res) => {
      if (req.url === '/slow') {
        res.setHeader('content-type', 'text/plain');
        void held.promise.then(() => res.end('x'.repeat(100_000)));
      } else res.end('ok');
    });
    const idle = await getAnswer(`${url}/fast`, new Agent({ keepAlive: true }));
    expect(idle.headers.connection).toBe('keep-alive');
    const idleClosed = new Promise<void>((resolve) => idle.socket.once('close', () => resolve()));
    const slow = getAnswer(`${url}/slow`, new Agent({ keepAlive: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));

    lifecycle.drain();
    // During the drain new connections are still answered, told to close.
    const during = await getAnswer(`${url}/fast`, new Agent({ keepAlive: true }));
    expect(during.body).toBe('ok');
    expect(during.headers.connection).toBe('close');

    const closed = closeServer(server);
    await idleClosed;
    expect(await errorCodeOf(getAnswer(`${url}/fast`))).toBe('ECONNREFUSED');
    expect(await settledYet(closed)).toBe(false);

    held.resolve();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(100_000);
    expect(answer.headers.connection).toBe('close');
    await closed;
  });

  it('tells Connection: close even on answers given before the application runs its own code', async () => {
    const { lifecycle, url } = await serve((_req, res) => {
      res.end('at once');
    });
    lifecycle.drain();
    const answer = await getAnswer(url, new Agent({ keepAlive: true }));
    expect(answer.body).toBe('at once');
    expect(answer.headers.connection).toBe('close');
  });

  it('closes a connection whose answer was already streaming when the drain began, once it ends', async () => {
    const held = deferred();
    const { server, lifecycle, url } = await serve((_req, res) => {
      res.write('first part, ');
      void held.promise.then(() => res.end('last part'));
    });
    // Long enough that only closing the connection ends the wait.
    server.keepAliveTimeout = 120_000;
    const streaming = getAnswer(url, new Agent({ keepAlive: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    lifecycle.drain();
    const closed = closeServer(server);
    held.resolve();
    const answer = await streaming;
    expect(answer.body).toBe('first part, last part');
    // Kept alive (its headers left before the drain), yet closed as soon as it is idle.
    expect(answer.headers.connection).toBe('keep-alive');
    const outcome = await Promise.race([
      closed.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open after 10 s'), 10_000)),
    ]);
    expect(outcome).toBe('closed');
  }, 20_000);

  it('cuts what is still unanswered once the grace is over', async () => {
    const { server, lifecycle, url } = await serve(() => {
      // Never answers.
    });
    const never = errorCodeOf(getAnswer(url));
    await new Promise((resolve) => setTimeout(resolve, 50));
    lifecycle.drain();
    await closeServer(server, { graceMs: 200 });
    expect(await never).toBe('ECONNRESET');
  }, 10_000);
});

describe('readinessHandler', () => {
  const answerOf = async (readiness: Readiness) => {
    const app = express();
    app.get(
      '/readyz',
      readinessHandler(() => Promise.resolve(readiness)),
    );
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const answer = await getAnswer(`http://127.0.0.1:${String(port)}/readyz`);
    return {
      status: answer.status,
      body: JSON.parse(answer.body) as unknown,
      cache: answer.headers['cache-control'],
    };
  };

  it('answers 200 when ready and 503 naming the reason otherwise, never cached', async () => {
    expect(await answerOf({ ready: true })).toEqual({
      status: 200,
      body: { status: 'ready' },
      cache: 'no-store',
    });
    expect(await answerOf({ ready: false, reason: 'draining' })).toEqual({
      status: 503,
      body: { status: 'draining' },
      cache: 'no-store',
    });
    expect(await answerOf({ ready: false, reason: 'database' })).toEqual({
      status: 503,
      body: { status: 'unavailable', reason: 'database' },
      cache: 'no-store',
    });
  });
});
