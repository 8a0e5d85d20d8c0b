import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { ApiException } from '../http/api-error';
import { INTERNAL_KEY_HEADER } from './access-policy';
import { AuthenticatedRequest } from './principal';

/** Authenticates `/internal/*` callers by the shared key in `X-Internal-Api-Key`. */
@Injectable()
export class InternalKeyGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(private readonly config: AppConfig) {
    this.expected = this.digest(config.INTERNAL_API_KEY);
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const presented = request.headers[INTERNAL_KEY_HEADER];
    // Digests have equal length, so the comparison takes the same time whatever was sent.
    if (typeof presented !== 'string' || !timingSafeEqual(this.digest(presented), this.expected)) {
      throw new ApiException('UNAUTHENTICATED', 'A valid internal API key is required');
    }
    request.principal = { kind: 'internal' };
    return true;
  }

  private digest(value: string): Buffer {
    return createHmac('sha256', this.config.KEY_HASH_SECRET).update(value).digest();
  }
}
