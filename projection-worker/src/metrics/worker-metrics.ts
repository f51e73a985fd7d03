import { createServer, type Server } from 'node:http';
import { Counter, Gauge } from 'prom-client';
import { createMetricsRegistry, type Logger, type Pool } from '@campus/infra';
import { readProjectionStatus } from '@campus/read-model';

/** Batches per second are averaged over this window (Prometheus users take rate() of the counter). */
const RATE_WINDOW_MS = 60_000;

/**
 * The projection worker's Prometheus metrics: per projection, lag in events and seconds and dead
 * letters (read from Postgres on each scrape), batches and events projected (counted as they
 * commit), and batches per second over the last minute.
 */
export const createWorkerMetrics = (options: {
  readonly pool: Pool;
  readonly projections: readonly string[];
  readonly logger: Logger;
}) => {
  const registry = createMetricsRegistry('projection-worker');
  const recent: number[] = [];
  // The gauges of one scrape share one status read (cached for a second).
  let cached: { at: number; value: ReturnType<typeof readProjectionStatus> } | null = null;
  const current = () => {
    if (!cached || Date.now() - cached.at > 1_000) {
      cached = { at: Date.now(), value: readProjectionStatus(options.pool, options.projections) };
    }
    return cached.value;
  };

  new Gauge({
    name: 'projection_lag_events',
    help: 'Settled events after the projection checkpoint (capped at 100000)',
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      for (const p of (await current()).projections) this.set({ projection: p.name }, p.lag_events);
    },
  });
  new Gauge({
    name: 'projection_lag_seconds',
    help: 'Age of the oldest event not yet projected (0 when caught up)',
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      for (const p of (await current()).projections)
        this.set({ projection: p.name }, p.lag_seconds);
    },
  });
  new Gauge({
    name: 'projection_dead_letters',
    help: 'Events the projection skipped after bounded retries',
    labelNames: ['projection'] as const,
    registers: [registry],
    async collect() {
      for (const p of (await current()).projections) {
        this.set({ projection: p.name }, p.dead_letters);
      }
    },
  });
  new Gauge({
    name: 'event_store_unsettled_events',
    help: 'Committed events no subscriber may read yet because an older transaction is open',
    registers: [registry],
    async collect() {
      this.set((await current()).unsettled_events);
    },
  });
  new Gauge({
    name: 'projection_batches_per_second',
    help: 'Batches committed per second over the last minute',
    registers: [registry],
    collect() {
      const since = Date.now() - RATE_WINDOW_MS;
      while (recent.length && (recent[0] ?? 0) < since) recent.shift();
      this.set(recent.length / (RATE_WINDOW_MS / 1_000));
    },
  });
  const batches = new Counter({
    name: 'projection_batches_total',
    help: 'Batches committed by the live projector',
    registers: [registry],
  });
  /** Whether this worker leads (projects), and whether it is shutting down (SIGTERM). */
  const state = { leader: false, draining: false };
  new Gauge({
    name: 'projector_leader',
    help: 'Whether this worker leads: projects, relays the outbox and watches the boards (1) or stands by (0)',
    registers: [registry],
    collect() {
      this.set(state.leader ? 1 : 0);
    },
  });
  const events = new Counter({
    name: 'projection_events_total',
    help: 'Events read by the live projector',
    registers: [registry],
  });

  return {
    registry,
    /** Pass as the projector's onBatch. */
    onBatch: ({ count }: { count: number }) => {
      batches.inc();
      events.inc(count);
      recent.push(Date.now());
    },
    /** This worker took (true) or lost (false) the leadership. */
    setLeader: (leader: boolean) => {
      state.leader = leader;
    },
    /** The worker is shutting down: /readyz answers 503 from now on. */
    startDraining: () => {
      state.draining = true;
    },
    /**
     * Serves GET /metrics, GET /healthz and GET /readyz (200 with the worker's role, 503 once it
     * is shutting down) on `port` (0: any free port) at `host`, the loopback
     * interface unless told otherwise (the figures name projections and dead letters).
     */
    listen: (port: number, host = '127.0.0.1'): Promise<Server> =>
      new Promise((resolve, reject) => {
        const server = createServer((req, res) => {
          if (req.method === 'GET' && req.url === '/metrics') {
            registry
              .metrics()
              .then((text) => {
                res.writeHead(200, { 'content-type': registry.contentType }).end(text);
              })
              .catch((error: unknown) => {
                options.logger.warn({ err: error }, 'metrics scrape failed');
                res.writeHead(500).end();
              });
            return;
          }
          if (req.method === 'GET' && req.url === '/readyz') {
            const [status, body] = state.draining
              ? [503, { status: 'draining' }]
              : [200, { status: 'ready', role: state.leader ? 'leader' : 'standby' }];
            res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
            return;
          }
          if (req.method === 'GET' && req.url === '/healthz') {
            res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
            return;
          }
          res.writeHead(404).end();
        });
        server.once('error', reject);
        server.listen(port, host, () => {
          resolve(server);
        });
      }),
  };
};
export type WorkerMetrics = ReturnType<typeof createWorkerMetrics>;
