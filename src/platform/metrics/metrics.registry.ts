import { Injectable } from '@nestjs/common';
import { Counter, Histogram, Registry } from 'prom-client';
import { processMetricsRegistry } from './process-metrics';

/**
 * The app's Prometheus registry and the HTTP metrics every request feeds. The process's own
 * metrics are in one registry per process (`processMetricsRegistry`); a scrape answers both.
 */
@Injectable()
export class MetricsRegistry {
  readonly registry = new Registry();

  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  constructor() {
    // The process's metrics start with its first app, not its first scrape.
    processMetricsRegistry();
  }

  /** The exposition of a scrape: the process's metrics, then the app's. */
  async scrape(): Promise<string> {
    return Registry.merge([processMetricsRegistry(), this.registry]).metrics();
  }
}
