import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { isUUID } from 'class-validator';
import { DataSource } from 'typeorm';
import { ApiException } from '../../../platform/http/api-error';
import type { Merchant } from './merchant.entity';
import { MerchantOnboardingService } from './merchant-onboarding.service';

export type OnboardingRequest = Request & { onboardingMerchant?: Merchant };

/**
 * Checks the onboarding token before the body is read, so a caller without a valid link
 * cannot make the server take in a 10 MB upload: 400 for a missing token or a malformed id,
 * 401 `ONBOARDING_TOKEN_INVALID`, 404 for another merchant's link. The merchant is left on the
 * request for the handler.
 */
@Injectable()
export class OnboardingTokenGuard implements CanActivate {
  constructor(
    private readonly dataSource: DataSource,
    private readonly onboarding: MerchantOnboardingService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<OnboardingRequest>();
    const merchantId = request.params.merchantId;
    const token = request.query.token;
    if (typeof merchantId !== 'string' || !isUUID(merchantId)) {
      throw new ApiException('VALIDATION_FAILED', 'merchantId must be a UUID', [
        { field: 'merchantId', message: 'must be a UUID' },
      ]);
    }
    if (typeof token !== 'string' || token.length === 0 || token.length > 100) {
      throw new ApiException('VALIDATION_FAILED', 'The onboarding token is required', [
        { field: 'token', message: 'token must be 1-100 characters' },
      ]);
    }
    request.onboardingMerchant = await this.onboarding.authorize(this.dataSource.manager, merchantId, token);
    return true;
  }
}
