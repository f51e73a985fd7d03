import { Agent, request } from 'node:http';

/**
 * A lean HTTP/1.1 client on keep-alive sockets (node:http), for the open-loop driver: fetch
 * (undici) costs several times more CPU per request, enough to make the driver itself the limit
 * at 1,000 requests/s on a busy two-core machine.
 */
export const createHttpClient = (maxSockets: number) => {
  const agent = new Agent({
    keepAlive: true,
    maxSockets,
    maxFreeSockets: maxSockets,
    timeout: 2_000,
  });
  const once = (
    url: string,
    init: {
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      timeoutMs: number;
    },
  ): Promise<{ status: number; header: (name: string) => string | null }> =>
    new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          agent,
          method: init.method ?? 'GET',
          headers: {
            ...init.headers,
            ...(init.body === undefined ? {} : { 'content-length': Buffer.byteLength(init.body) }),
          },
          timeout: init.timeoutMs,
        },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            resolve({
              status: res.statusCode ?? 0,
              header: (name) => {
                const value = res.headers[name.toLowerCase()];
                return value === undefined ? null : String(value);
              },
            });
          });
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', (error: Error & { reused?: boolean }) => {
        // A reset on a socket used before: the server closed it as the request went out.
        error.reused = req.reusedSocket;
        reject(error);
      });
      req.end(init.body);
    });
  /**
   * One request; a GET whose kept-alive socket the server had closed meanwhile is sent once more
   * on a new one (never a command: it might have been received).
   */
  const send = async (url: string, init: Parameters<typeof once>[1]) => {
    try {
      return await once(url, init);
    } catch (error) {
      const reset = (error as { code?: string; reused?: boolean }).reused === true;
      if (!reset || (init.method ?? 'GET') !== 'GET') throw error;
      return once(url, init);
    }
  };
  return { send, close: () => agent.destroy() };
};
