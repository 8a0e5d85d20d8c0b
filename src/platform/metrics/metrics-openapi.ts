import type { OpenAPIObject } from '@nestjs/swagger';
import { PUBLIC_EXTENSION } from '../auth/access-policy';
import { AppConfig } from '../config/app-config';
import { METRICS_SECURITY_SCHEME } from './metrics-auth.decorator';

type Operation = { security?: unknown[]; responses: Record<string, unknown>; description?: string } & Record<
  string,
  unknown
>;

/**
 * Makes the document say what this server does at `/metrics`: with METRICS_TOKEN set (always
 * in production) the route takes the `metricsToken` bearer scheme and answers 401 without it;
 * without one (development and tests) it is public and never answers 401.
 */
export function describeMetricsSecurity(
  document: OpenAPIObject,
  config: Pick<AppConfig, 'METRICS_TOKEN'>,
): OpenAPIObject {
  const operation = (document.paths['/metrics'] as Record<string, Operation | undefined> | undefined)?.get;
  if (!operation) return document;
  if (config.METRICS_TOKEN === '') {
    delete operation.responses['401'];
    operation.description = 'This server has no METRICS_TOKEN, so the route is public; production requires one.';
    return document;
  }
  delete operation[PUBLIC_EXTENSION];
  operation.security = [{ [METRICS_SECURITY_SCHEME]: [] }];
  document.components = {
    ...document.components,
    securitySchemes: {
      ...document.components?.securitySchemes,
      [METRICS_SECURITY_SCHEME]: {
        type: 'http',
        scheme: 'bearer',
        description: 'METRICS_TOKEN, which Prometheus sends to scrape /metrics.',
      },
    },
  };
  return document;
}
