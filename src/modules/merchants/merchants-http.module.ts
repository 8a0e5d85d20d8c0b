import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { MerchantsModule } from './merchants.module';
import { AdminMerchantApiKeysController } from './api-keys/admin-merchant-api-keys.controller';
import { MerchantApiKeysController } from './api-keys/merchant-api-keys.controller';
import { AdminMerchantOwnerInvitationController } from './identity/admin-merchant-owner-invitation.controller';
import { MerchantAuthController } from './identity/merchant-auth.controller';
import { MerchantTeamController } from './identity/merchant-team.controller';
import { ConfigModule } from '../../platform/config/config.module';
import { MerchantsConfig } from './merchants.config';
import { AdminMerchantsController } from './onboarding/admin-merchants.controller';
import { MerchantAuditLogController } from './onboarding/merchant-audit-log.controller';
import { MerchantOnboardingController } from './onboarding/merchant-onboarding.controller';
import { MerchantOriginsController } from './origins/merchant-origins.controller';
import { MerchantWebhookEndpointsController } from './webhooks/merchant-webhook-endpoints.controller';
import { MerchantWebhookEventsController } from './webhooks/merchant-webhook-events.controller';
import { CheckoutSessionsController } from './checkout/checkout-sessions.controller';
import { PaymentLinksController } from './checkout/payment-links.controller';
import { MerchantRefundsController } from './checkout/merchant-refunds.controller';
import { MerchantRiskController } from './risk/merchant-risk.controller';
import { MerchantLedgerController } from './ledger/merchant-ledger.controller';
import { SandboxCheckoutSessionsController } from './checkout/sandbox-checkout-sessions.controller';
import { TestClockController } from './sandbox/test-clock.controller';
import { HostedCheckoutController } from './checkout/hosted/hosted-checkout.controller';
import { hostedFormParser } from './checkout/hosted/hosted-form-parser';

import { MerchantEventsController } from './events/merchant-events.controller';
import { MerchantPaymentsController } from './reporting/merchant-payments.controller';
import { MerchantHealthController } from './health/merchant-health.controller';
import { MerchantApiOutcomesMiddleware } from './health/merchant-api-outcomes.middleware';
import { AdminMerchantStatementsController } from './statements/admin-merchant-statements.controller';
import { MerchantStatementsController } from './statements/merchant-statements.controller';
import { MerchantAnalyticsController } from './analytics/merchant-analytics.controller';

/**
 * The merchants routes, onboarding, identity, API keys, origins, webhooks, checkout, risk, ledger, analytics,
 * the event stream, reporting, health and statements in that order, then the hosted checkout pages (at the root, outside /api/v1); only ApiModule
 * imports it.
 */
@Module({
  imports: [ConfigModule.forFeature(MerchantsConfig), MerchantsModule],
  controllers: [
    MerchantOnboardingController,
    AdminMerchantsController,
    MerchantAuditLogController,
    MerchantAuthController,
    MerchantTeamController,
    AdminMerchantOwnerInvitationController,
    MerchantApiKeysController,
    AdminMerchantApiKeysController,
    MerchantOriginsController,
    MerchantWebhookEndpointsController,
    MerchantWebhookEventsController,
    PaymentLinksController,
    CheckoutSessionsController,
    MerchantRefundsController,
    MerchantRiskController,
    MerchantLedgerController,
    MerchantAnalyticsController,
    SandboxCheckoutSessionsController,
    TestClockController,
    MerchantEventsController,
    MerchantPaymentsController,
    MerchantHealthController,
    MerchantStatementsController,
    AdminMerchantStatementsController,
    HostedCheckoutController,
  ],
})
export class MerchantsHttpModule implements NestModule {
  /**
   * The hosted pay form's urlencoded body, parsed for that route only (the API reads JSON alone); and the
   * count of every answer to an API key's request, for the health check's error rate.
   */
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(hostedFormParser()).forRoutes({ path: 'c/:id/pay', method: RequestMethod.POST });
    consumer.apply(MerchantApiOutcomesMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
