/**
 * A service for service-runner.int.spec.ts, run by `runService` as its own process: /readyz
 * follows the lifecycle, /healthz always answers. FIXTURE_MODE: `plain` starts as a service
 * without a drain (the projection worker's `async () => ({ stop })`), `hang` never finishes
 * stopping, anything else drains FIXTURE_DRAIN_MS and stops within FIXTURE_TIMEOUT_MS.
 */
import { createServer } from 'node:http';
import { closeServer, runService, type Lifecycle } from './service-runner';

const mode = process.env['FIXTURE_MODE'] ?? 'drain';
const port = Number(process.env['FIXTURE_PORT']);

const serve = async (lifecycle?: Lifecycle) => {
  const server = createServer((req, res) => {
    res.statusCode = req.url === '/readyz' && lifecycle && !lifecycle.ready() ? 503 : 200;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
};

if (mode === 'plain') {
  await runService('runner-fixture', async () => {
    const server = await serve();
    return { stop: () => closeServer(server) };
  });
} else {
  await runService('runner-fixture', async (lifecycle) => {
    const server = await serve(lifecycle);
    return {
      drainMs: Number(process.env['FIXTURE_DRAIN_MS'] ?? '0'),
      timeoutMs: Number(process.env['FIXTURE_TIMEOUT_MS'] ?? '10000'),
      stop: async () => {
        // Hanging: the open server keeps the process alive until the forced exit.
        if (mode === 'hang') await new Promise<never>(() => undefined);
        await closeServer(server);
        console.log('fixture stopped');
      },
    };
  });
}
