import type { NextFunction, Request, Response } from 'express';
import { MetricsRegistry } from './metrics.registry';

/**
 * Times every request and counts it by route template (never the raw path, which would make
 * one series per id). Requests that match no route are counted under `unmatched`.
 */
export function httpMetricsMiddleware(metrics: MetricsRegistry) {
  return (request: Request, response: Response, next: NextFunction) => {
    const stopTimer = metrics.httpDuration.startTimer();
    response.on('finish', () => {
      const routePath = (request.route as { path?: string } | undefined)?.path;
      const route = routePath && !response.locals.routeNotFound ? `${request.baseUrl}${routePath}` : 'unmatched';
      const labels = { method: request.method, route, status: String(response.statusCode) };
      metrics.httpRequests.inc(labels);
      stopTimer(labels);
    });
    next();
  };
}
