import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { capturedLogger } from '../testing/captured-logger';
import { closeNow, listenLocal } from '../testing/http-answer';
import { loadGatewayEnv } from './env';
import { createGateway, type GatewayOptions } from './gateway';

/**
 * A copy that is frozen (stopped with SIGSTOP, or its event loop or pool stuck) still accepts
 * connections: the gateway must give a request up after its answer timeout (504, never sent to
 * another copy) and leave the copy out of rotation once its /readyz probe gets no answer.
 */

type Seen = { method: string; url: string; body: string };

/** A copy of a service in this process; while `frozen`, it takes requests and never answers. */
type Copy = {
  readonly name: string;
  url: string;
  readonly seen: Seen[];
  /** 'reset-readyz': answers requests, but drops every /readyz connection. */
  mode: 'answer' | 'frozen' | 'reset-readyz';
};

const running = new Set<http.Server>();
const children = new Set<ChildProcess>();

const startCopy = async (name: string, mode: Copy['mode'] = 'answer'): Promise<Copy> => {
  const copy: Copy = { name, url: '', seen: [], mode };
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') {
      if (copy.mode === 'frozen') return;
      if (copy.mode === 'reset-readyz') {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ready"}');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      copy.seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (copy.mode === 'frozen') return;
      const payload = JSON.stringify({ copy: name });
      res.writeHead(req.method === 'POST' ? 201 : 200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(payload),
      });
      res.end(payload);
    });
  });
  const port = await listenLocal(server);
  running.add(server);
  copy.url = `http://127.0.0.1:${String(port)}`;
  return copy;
};

/** A copy in its own process, so that it can really be stopped with SIGSTOP. */
const startChildCopy = (name: string): Promise<{ child: ChildProcess; url: string }> =>
  new Promise((resolve, reject) => {
    const source = `
      const http = require('node:http');
      const server = http.createServer((req, res) => {
        const payload = req.url === '/readyz' ? '{"status":"ready"}' : JSON.stringify({ copy: ${JSON.stringify(name)} });
        req.resume();
        req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(payload));
      });
      server.listen(0, '127.0.0.1', () => console.log(server.address().port));
    `;
    const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.add(child);
    child.once('error', reject);
    child.stdout.once('data', (data: Buffer) => {
      resolve({ child, url: `http://127.0.0.1:${data.toString('utf8').trim()}` });
    });
  });

const startGateway = async (
  queryUrl: string[],
  commandUrl: string[],
  extra: Partial<GatewayOptions> = {},
): Promise<number> => {
  const gateway = createGateway({ queryUrl, commandUrl, ...extra });
  const port = await listenLocal(gateway);
  running.add(gateway);
  return port;
};

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request; a request left without an answer for 5 s is given up (the test fails on it). */
const send = (port: number, method: string, urlPath: string, body?: string): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: urlPath,
        agent: false,
        timeout: 5_000,
        headers:
          body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`no answer to ${method} ${urlPath} within 5 s: the gateway hangs`)),
    );
    req.on('error', reject);
    req.end(body);
  });

const sendInTurn = async (port: number, count: number, pauseMs = 0): Promise<Answer[]> => {
  const answers: Answer[] = [];
  for (let i = 0; i < count; i += 1) {
    answers.push(await send(port, 'GET', `/api/opportunities?n=${String(i)}`));
    if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  return answers;
};

const copyThatAnswered = (answer: Answer): string =>
  answer.status === 200
    ? (JSON.parse(answer.body) as { copy: string }).copy
    : String(answer.status);

type LogLine = { msg: string; target?: string; code?: string; path?: string };
const parsed = (lines: string[]): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);

/** Waits (at most 5 s) until the logger has written a line that `matches`. */
const untilLogged = async (
  lines: string[],
  matches: (line: LogLine) => boolean,
  what: string,
): Promise<void> => {
  const deadline = Date.now() + 5_000;
  while (!parsed(lines).some(matches)) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for the log line: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  await Promise.all([...running].map(closeNow));
  running.clear();
});

describe('gateway in front of a frozen copy (integration, real sockets)', () => {
  it('answers 504 when a copy takes the request and stays silent, and never sends it to another copy', async () => {
    const { lines, logger } = capturedLogger();
    const good = await startCopy('good');
    const frozen = await startCopy('frozen', 'frozen');
    const port = await startGateway([good.url, frozen.url], [good.url, frozen.url], {
      logger,
      // No probes here: the frozen copy stays in rotation and gets every other request.
      balancing: { answerTimeoutMs: 500, probeIntervalMs: 0 },
    });

    const reads = [
      await send(port, 'GET', '/api/opportunities'),
      await send(port, 'GET', '/api/x'),
    ];
    expect(reads.map((answer) => answer.status)).toEqual([200, 504]);
    const timedOut = reads[1] as Answer;
    expect(timedOut.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(timedOut.body)).toEqual({
      type: 'about:blank',
      title: 'Gateway Timeout',
      status: 504,
      detail: 'The query service did not answer in time. Please try again in a moment.',
      message: 'The query service did not answer in time. Please try again in a moment.',
    });

    const writes = [
      await send(port, 'POST', '/api/opportunities', '{"n":1}'),
      await send(port, 'POST', '/api/opportunities', '{"n":2}'),
    ];
    expect(writes.map((answer) => answer.status)).toEqual([201, 504]);
    expect((JSON.parse((writes[1] as Answer).body) as { detail: string }).detail).toBe(
      'The command service did not answer in time. Please try again in a moment.',
    );
    // The command reached the frozen copy (which may apply it when it wakes up): it is not
    // sent again to the other.
    expect(frozen.seen.filter((seen) => seen.method === 'POST').map((seen) => seen.body)).toEqual([
      '{"n":2}',
    ]);
    expect(good.seen.filter((seen) => seen.method === 'POST').map((seen) => seen.body)).toEqual([
      '{"n":1}',
    ]);
    expect(
      parsed(lines).filter((line) => line.msg === 'upstream error' && line.code === 'NO_ANSWER'),
    ).toHaveLength(2);
  });

  it('takes a copy stopped with SIGSTOP out of rotation once its /readyz gets no answer, and back after SIGCONT', async () => {
    const { lines, logger } = capturedLogger();
    const good = await startCopy('good');
    const { child, url: stoppedUrl } = await startChildCopy('stopped');
    const port = await startGateway([good.url, stoppedUrl], [good.url], {
      logger,
      // Probes every 100 ms, each given 500 ms to answer.
      balancing: { answerTimeoutMs: 500, probeIntervalMs: 100 },
    });
    expect(new Set((await sendInTurn(port, 4)).map(copyThatAnswered))).toEqual(
      new Set(['good', 'stopped']),
    );

    child.kill('SIGSTOP');
    await untilLogged(
      lines,
      (line) =>
        line.msg === 'upstream not answering its readiness probe: out of rotation' &&
        line.target === stoppedUrl &&
        line.code === 'SLOW',
      'the stopped copy taken out of rotation',
    );
    // Every request now goes to the copy that answers, for as long as the other is stopped.
    expect((await sendInTurn(port, 6, 50)).map(copyThatAnswered)).toEqual(Array(6).fill('good'));

    child.kill('SIGCONT');
    await untilLogged(
      lines,
      (line) => line.msg === 'upstream back in rotation' && line.target === stoppedUrl,
      'the stopped copy back in rotation',
    );
    expect(new Set((await sendInTurn(port, 4)).map(copyThatAnswered))).toEqual(
      new Set(['good', 'stopped']),
    );
  });

  it('keeps a copy whose /readyz fails twice in a row out of rotation until a probe is answered', async () => {
    const { lines, logger } = capturedLogger();
    const good = await startCopy('good');
    const flaky = await startCopy('flaky', 'reset-readyz');
    const port = await startGateway([good.url, flaky.url], [good.url], {
      logger,
      // A failed connection alone would leave it out for only 20 ms.
      balancing: { answerTimeoutMs: 500, probeIntervalMs: 100, downMs: 20 },
    });
    await untilLogged(
      lines,
      (line) =>
        line.msg === 'upstream not answering its readiness probe: out of rotation' &&
        line.target === flaky.url,
      'the flaky copy taken out of rotation',
    );
    // Spread over several probe rounds: it never comes back while its probes fail.
    expect((await sendInTurn(port, 6, 50)).map(copyThatAnswered)).toEqual(Array(6).fill('good'));
    expect(flaky.seen).toEqual([]);

    flaky.mode = 'answer';
    await untilLogged(
      lines,
      (line) => line.msg === 'upstream back in rotation' && line.target === flaky.url,
      'the flaky copy back in rotation',
    );
    expect(new Set((await sendInTurn(port, 4)).map(copyThatAnswered))).toEqual(
      new Set(['good', 'flaky']),
    );
  });

  it('logs an upstream error with the path masked: no address, no query string', async () => {
    const { lines, logger } = capturedLogger();
    const gone = http.createServer();
    const gonePort = await listenLocal(gone);
    await closeNow(gone); // its port now refuses connections
    const goneUrl = `http://127.0.0.1:${String(gonePort)}`;
    const port = await startGateway([goneUrl], [goneUrl], { logger });

    const answers = [
      await send(port, 'GET', '/api/users/check/someone%40university.edu?email=other%40campus.org'),
      await send(port, 'GET', '/api/users/email/someone@university.edu'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([502, 502]);

    expect(lines.join('\n')).not.toMatch(/someone|university|campus\.org|%40|@/);
    const errors = parsed(lines).filter((line) => line.msg === 'upstream error');
    expect(errors.map((line) => line.path)).toEqual(['/api/users/check/…', '/api/users/email/…']);
  });

  it('reads the answer timeout from GATEWAY_UPSTREAM_TIMEOUT_MS (60 s by default)', () => {
    expect(loadGatewayEnv({}).GATEWAY_UPSTREAM_TIMEOUT_MS).toBe(60_000);
    expect(loadGatewayEnv({ GATEWAY_UPSTREAM_TIMEOUT_MS: '' }).GATEWAY_UPSTREAM_TIMEOUT_MS).toBe(
      60_000,
    );
    expect(
      loadGatewayEnv({ GATEWAY_UPSTREAM_TIMEOUT_MS: '1500' }).GATEWAY_UPSTREAM_TIMEOUT_MS,
    ).toBe(1_500);
    expect(() => loadGatewayEnv({ GATEWAY_UPSTREAM_TIMEOUT_MS: '0' })).toThrow(
      /GATEWAY_UPSTREAM_TIMEOUT_MS/,
    );
    expect(() => loadGatewayEnv({ GATEWAY_UPSTREAM_TIMEOUT_MS: 'soon' })).toThrow(
      /GATEWAY_UPSTREAM_TIMEOUT_MS/,
    );
  });
});
