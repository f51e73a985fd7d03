export { createMetricsRegistry, httpMetrics } from './http-metrics';
