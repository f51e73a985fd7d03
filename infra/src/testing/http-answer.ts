import { get, type Agent, type IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';

export type HttpAnswer = {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The connection it came on (to see whether it is kept open or closed). */
  readonly socket: Socket;
};

/** A GET of `url` over `agent` (a new connection unless given an agent keeping them alive). */
export const getAnswer = (url: string, agent: Agent | false = false) =>
  new Promise<HttpAnswer>((resolve, reject) => {
    const request = get(url, { agent }, (response) => {
      // Taken now: a kept-alive socket is handed back to its agent at the end.
      const socket = response.socket;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          socket,
        }),
      );
    });
    request.on('error', reject);
  });

/** The error code `request` failed with (ECONNREFUSED, ECONNRESET…), or 'answered'. */
export const errorCodeOf = (request: Promise<unknown>) =>
  request.then(
    () => 'answered',
    (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error),
  );
