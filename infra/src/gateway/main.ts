import type { AddressInfo } from 'node:net';
import { createLogger, logCrashes } from '../logging';
import { GatewayConfigError, loadGatewayEnv, type GatewayEnv } from './env';
import { createGateway } from './gateway';

/** `npx tsx infra/src/gateway/main.ts`: the one-origin gateway of `npm start` and development. */
const logger = createLogger('gateway');
logCrashes(logger);

let env: GatewayEnv;
try {
  env = loadGatewayEnv();
} catch (error) {
  if (error instanceof GatewayConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const server = createGateway({
  queryUrl: env.queryUrls,
  commandUrl: env.commandUrls,
  balancing: { answerTimeoutMs: env.GATEWAY_UPSTREAM_TIMEOUT_MS },
  staticDir: env.STATIC_DIR,
  devServerUrl: env.DEV_SERVER_URL,
  logger,
  uiSecurity: {
    authEmulatorUrl: env.FIREBASE_AUTH_EMULATOR_HOST && `http://${env.FIREBASE_AUTH_EMULATOR_HOST}`,
    firebaseAuthDomain: env.FIREBASE_AUTH_DOMAIN,
  },
});

server.on('error', (error: NodeJS.ErrnoException) => {
  logger.fatal({ err: error }, `gateway cannot listen on ${env.GATEWAY_HOST}:${env.GATEWAY_PORT}`);
  process.exit(1);
});

server.listen(env.GATEWAY_PORT, env.GATEWAY_HOST, () => {
  const { port } = server.address() as AddressInfo;
  const host = env.GATEWAY_HOST.includes(':') ? `[${env.GATEWAY_HOST}]` : env.GATEWAY_HOST;
  const url = `http://${host}:${port}`;
  logger.info(
    {
      url,
      query: env.queryUrls.join(','),
      command: env.commandUrls.join(','),
      upstreamTimeoutMs: env.GATEWAY_UPSTREAM_TIMEOUT_MS,
      frontend: env.DEV_SERVER_URL ?? env.STATIC_DIR ?? null,
    },
    `gateway listening on ${url}`,
  );
});

const shutdown = (signal: NodeJS.Signals): void => {
  logger.info({ signal }, 'gateway shutting down');
  server.close(() => process.exit(0));
  server.closeAllConnections();
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
