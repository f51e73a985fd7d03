import type { Server } from 'node:http';
import { ConfigError } from './config/service-env';
import { createLogger } from './logging';

type Stoppable = { stop: () => Promise<void> };

/**
 * Starts a service: a configuration error prints its message and exits 1 (no stack trace);
 * SIGINT/SIGTERM stop it cleanly.
 */
export const runService = async (name: string, start: () => Promise<Stoppable>) => {
  const logger = createLogger(name);
  let service: Stoppable;
  try {
    service = await start();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`${name}: ${error.message}`);
    } else {
      logger.fatal({ err: error }, 'failed to start');
    }
    process.exit(1);
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    service
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error while stopping');
        process.exit(1);
      });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
};

/** Closes an HTTP server, ending idle keep-alive connections. */
export const closeServer = (server: Server) =>
  new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeIdleConnections();
  });

export const listen = (
  app: { listen: (port: number, host: string, cb: () => void) => Server },
  port: number,
  host = '127.0.0.1',
) =>
  new Promise<Server>((resolve) => {
    const server = app.listen(port, host, () => resolve(server));
  });
