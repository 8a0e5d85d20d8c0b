import { RequestMethod } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import type { Logger as PinoLogger } from 'pino';
import { AppConfig } from '../config/app-config';
import { ROOT_LOGGER } from '../logging/logging.module';
import { createHttpLogger, REQUEST_ID_HEADER } from '../logging/root-logger';
import { httpMetricsMiddleware } from '../metrics/http-metrics.middleware';
import { describeMetricsSecurity } from '../metrics/metrics-openapi';
import { MetricsRegistry } from '../metrics/metrics.registry';
import { API_PREFIX, buildOpenApiDocument, mountOpenApi } from '../openapi/openapi-document';
import { installClientErrorResponder } from './client-error-responder';
import { refuseRequestsWithoutHost } from './host-header';
import { installJsonBodyParser } from './json-body-parser';
import { securityHeaders } from './security-headers';

/**
 * The HTTP platform, applied identically by `main.ts` and by the e2e tests. The app must be
 * created with `bodyParser: false`: the JSON parser is installed here, after the request
 * logger, so that a malformed or oversized body is still logged and answered with its
 * request id. Requests Node's HTTP parser refuses never reach Express; the server's
 * `clientError` handler answers them, on whatever port the app later listens.
 */
export function configureHttpApp(app: NestExpressApplication): void {
  const config = app.get(AppConfig);
  const rootLogger = app.get<PinoLogger>(ROOT_LOGGER);
  installClientErrorResponder(app.getHttpServer(), rootLogger);
  app.useLogger(app.get(Logger));
  app.flushLogs();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY);
  app.set('etag', false);

  app.use(createHttpLogger(rootLogger));
  refuseRequestsWithoutHost(app);
  app.use(httpMetricsMiddleware(app.get(MetricsRegistry)));
  app.use(securityHeaders());
  installJsonBodyParser(app, config.BODY_LIMIT);

  const origins = config.corsOrigins;
  if (origins.length > 0) {
    app.enableCors({
      origin: origins,
      credentials: false,
      exposedHeaders: [
        REQUEST_ID_HEADER,
        'Retry-After',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'X-Total-Count',
        'Link',
      ],
    });
  }

  applyGlobalPrefix(app);
  if (config.SWAGGER_ENABLED) mountOpenApi(app, describeMetricsSecurity(buildOpenApiDocument(app), config));
}

/**
 * Every route sits under /api/v1 except the Prometheus scrape, the `/internal/*` routes and the
 * hosted checkout pages (`/c/{id}`, `/c/{id}/pay`, `/l/{slug}`: the links merchants hand to payers).
 */
export function applyGlobalPrefix(app: NestExpressApplication): void {
  app.setGlobalPrefix(API_PREFIX, {
    exclude: [
      'metrics',
      'internal/{*path}',
      { path: 'c/:id', method: RequestMethod.GET },
      { path: 'c/:id/pay', method: RequestMethod.POST },
      { path: 'l/:slug', method: RequestMethod.GET },
    ],
  });
}
