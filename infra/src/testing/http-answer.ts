import {
  get,
  request,
  type Agent,
  type Server,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** An HTTP answer read to its end. */
export type RawAnswer = {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** The connection it came on (to see whether it is kept open or closed). */
  readonly socket: Socket;
};

export type HttpAnswer = Omit<RawAnswer, 'body'> & { readonly body: string };

/** Reads `response` to its end; `resolve` gets it, `reject` a failure while reading. */
const readAnswer =
  (resolve: (answer: RawAnswer) => void, reject: (error: Error) => void) =>
  (response: IncomingMessage) => {
    // Taken now: a kept-alive socket is handed back to its agent at the end.
    const socket = response.socket;
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('error', reject);
    response.on('end', () =>
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: Buffer.concat(chunks),
        socket,
      }),
    );
  };

/**
 * A request to 127.0.0.1:`port` with any method, path and headers, its body written in `chunks`
 * (so a body can arrive in pieces), over `agent` (Node's global agent unless given one, or false
 * for a connection of its own); answers the response read to its end.
 */
export const sendRequest = (
  port: number,
  method: string,
  path: string,
  options: {
    readonly headers?: OutgoingHttpHeaders;
    readonly chunks?: readonly (Buffer | string)[];
    readonly agent?: Agent | false;
  } = {},
) =>
  new Promise<RawAnswer>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: options.headers ?? {},
        ...(options.agent === undefined ? {} : { agent: options.agent }),
      },
      readAnswer(resolve, reject),
    );
    req.on('error', reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });

/** A GET of `url` over `agent` (a new connection unless given an agent keeping them alive). */
export const getAnswer = (url: string, agent: Agent | false = false) =>
  new Promise<HttpAnswer>((resolve, reject) => {
    const req = get(
      url,
      { agent },
      readAnswer((answer) => resolve({ ...answer, body: answer.body.toString('utf8') }), reject),
    );
    req.on('error', reject);
  });

/** The error code `request` failed with (ECONNREFUSED, ECONNRESET…), or 'answered'. */
export const errorCodeOf = (request: Promise<unknown>) =>
  request.then(
    () => 'answered',
    (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error),
  );

/** Starts `server` on 127.0.0.1 (`port`, or any free one); answers the port it listens on. */
export const listenLocal = (server: Server, port = 0): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

/** Closes `server` and cuts its open connections (a copy "killed"); a closed one is left as is. */
export const closeNow = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections();
  });
