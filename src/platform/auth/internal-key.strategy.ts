import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { INTERNAL_KEY_HEADER } from './access-policy';
import { CredentialStrategy, STRATEGY } from './bearer-strategies';
import { recordStrategy, releaseStrategy } from './passport-registration';
import { InternalPrincipal } from './principal';

function internalKeyOf(request: Request): string | null {
  const presented = request.headers[INTERNAL_KEY_HEADER];
  return typeof presented === 'string' ? presented : null;
}

/** `internal-key`: a trusted internal system, by the shared key in `X-Internal-Api-Key`. */
@Injectable()
export class InternalKeyStrategy
  extends PassportStrategy(CredentialStrategy, STRATEGY.internalKey)
  implements OnModuleDestroy
{
  private readonly expected: Buffer;

  constructor(private readonly config: AppConfig) {
    super(internalKeyOf);
    this.expected = this.digest(config.INTERNAL_API_KEY);
    recordStrategy(STRATEGY.internalKey, this);
  }

  validate(presented: string): InternalPrincipal | null {
    // Digests have equal length, so the comparison takes the same time whatever was sent.
    return timingSafeEqual(this.digest(presented), this.expected) ? { kind: 'internal' } : null;
  }

  onModuleDestroy(): void {
    releaseStrategy(STRATEGY.internalKey, this);
  }

  private digest(value: string): Buffer {
    return createHmac('sha256', this.config.KEY_HASH_SECRET).update(value).digest();
  }
}
