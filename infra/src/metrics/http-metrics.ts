import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** A Prometheus registry of one service, with the process metrics and a `service` label. */
export const createMetricsRegistry = (service: string): Registry => {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
};

/** Latency buckets from 5 ms to 10 s: reads answer in milliseconds, read-your-writes waits up to 2 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 2.5, 5, 10];

/** The matched route's pattern (bounded label values), never the raw URL with its ids. */
const routeOf = (req: Request): string => {
  const route: unknown = req.route;
  const path =
    typeof route === 'object' && route !== null && 'path' in route && typeof route.path === 'string'
      ? route.path
      : null;
  return path ? `${req.baseUrl}${path}` : 'unmatched';
};

/**
 * Records every request's latency in `http_request_duration_seconds` (method, route pattern,
 * status) and answers GET /metrics in the Prometheus text format. Mount it first.
 */
export const httpMetrics = (service: string, registry = createMetricsRegistry(service)) => {
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const middleware: RequestHandler = (req, res, next) => {
    if (req.method === 'GET' && req.path === '/metrics') {
      registry
        .metrics()
        .then((text) => res.type(registry.contentType).send(text))
        .catch(next);
      return;
    }
    const stop = latency.startTimer();
    res.once('finish', () => {
      stop({ method: req.method, route: routeOf(req), status: String(res.statusCode) });
    });
    next();
  };
  return middleware;
};
