import { applyDecorators, UseGuards } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { PUBLIC_EXTENSION, SetAccessPolicy } from '../auth/access-policy';
import { ApiErrors } from '../http/api-errors.decorator';
import { MetricsTokenGuard } from './metrics-token.guard';

/** Name of the metrics token's security scheme in the OpenAPI document. */
export const METRICS_SECURITY_SCHEME = 'metricsToken';

/**
 * The Prometheus scraper: a trusted internal system (hence the `internal` access policy) that
 * holds its own credential, METRICS_TOKEN, rather than the internal API key, so a Prometheus
 * configuration that leaks opens the metrics and nothing else.
 *
 * Whether the route is guarded depends on the configuration, which decorators cannot see: they
 * describe it as public with a possible 401 (so a document built without a configuration, as
 * `npm run openapi:write` builds it, stays valid), and `describeMetricsSecurity` settles the
 * document each server serves.
 */
export function MetricsAuth() {
  return applyDecorators(
    SetAccessPolicy({ kind: 'internal' }),
    UseGuards(MetricsTokenGuard),
    ApiExtension(PUBLIC_EXTENSION, true),
    ApiErrors('UNAUTHENTICATED'),
  );
}
