import { Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { AccessPolicyAudit } from '../auth/access-policy.audit';
import { AccessPolicyGuard } from '../auth/access-policy.guard';
import { CustomerJwtStrategy } from '../auth/customer-jwt.strategy';
import { InternalKeyGuard } from '../auth/internal-key.guard';
import { InternalKeyStrategy } from '../auth/internal-key.strategy';
import { MerchantApiKeyStrategy } from '../auth/merchant-api-key.strategy';
import { MerchantJwtStrategy } from '../auth/merchant-jwt.strategy';
import { HealthModule } from '../health/health.module';
import { MetricsModule } from '../metrics/metrics.module';
import { ApiExceptionFilter } from './api-exception.filter';
import { ApiValidationPipe } from './api-validation.pipe';
import { ContentTypeGuard } from './content-type.guard';

/**
 * What only the HTTP app needs: error filter, validation, global guards, the passport strategies
 * the auth guards name, health, metrics.
 */
@Module({
  imports: [DiscoveryModule, HealthModule, MetricsModule],
  providers: [
    { provide: APP_FILTER, useClass: ApiExceptionFilter },
    { provide: APP_PIPE, useClass: ApiValidationPipe },
    { provide: APP_GUARD, useClass: ContentTypeGuard },
    { provide: APP_GUARD, useClass: AccessPolicyGuard },
    AccessPolicyAudit,
    InternalKeyGuard,
    CustomerJwtStrategy,
    MerchantJwtStrategy,
    MerchantApiKeyStrategy,
    InternalKeyStrategy,
  ],
  exports: [InternalKeyGuard],
})
export class HttpPlatformModule {}
