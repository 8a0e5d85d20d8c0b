import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-error';

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * Lets Prometheus scrape `/metrics` with `Authorization: Bearer <METRICS_TOKEN>`. Without a
 * configured token the route is open: loadConfig refuses that in production, so only
 * development and tests run that way.
 */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  private readonly expected: Buffer | undefined;

  constructor(config: AppConfig) {
    this.expected = config.METRICS_TOKEN === '' ? undefined : digest(config.METRICS_TOKEN);
  }

  canActivate(context: ExecutionContext): boolean {
    if (!this.expected) return true;
    const header = context.switchToHttp().getRequest<Request>().headers.authorization;
    const presented = typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
    // Digests have equal length, so the comparison takes the same time whatever was sent.
    if (presented === undefined || !timingSafeEqual(digest(presented), this.expected)) {
      throw new ApiException('UNAUTHENTICATED', 'A valid metrics token is required', undefined, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
    }
    return true;
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
