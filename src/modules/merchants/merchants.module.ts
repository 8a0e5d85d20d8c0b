// Each sub-area's error codes join the published catalogue as soon as the context loads, whichever
// of its services a process uses (the catalogue orders them itself).
import './onboarding/onboarding.errors';
import './api-keys/merchant-api-keys.errors';
import './identity/merchant-identity.errors';
import './origins/merchant-origins.errors';
import './webhooks/merchant-webhooks.errors';
import './checkout/checkout.errors';
import './ledger/merchant-ledger.errors';
import './events/merchant-events.errors';
import './analytics/merchant-analytics.errors';
import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditModule } from '../../platform/audit/admin-audit.module';
import { RefreshSessions } from '../../platform/auth/refresh-sessions';
import { MerchantApiKeyVerifier, MerchantSessionVerifier } from '../../platform/auth/merchant-credentials';
import { PasswordHasherModule } from '../../platform/crypto/password-hasher.module';
import { MessagingModule } from '../../platform/messaging/messaging.module';
import { OutboundModule } from '../../platform/outbound/outbound.module';
import { OutboxModule } from '../../platform/outbox/outbox.module';
import { MerchantApiKeyCache } from './api-keys/merchant-api-key-cache';
import { MerchantApiKeyUsage } from './api-keys/merchant-api-key-usage';
import { MerchantApiKeysRepository } from './api-keys/merchant-api-keys.repository';
import { MerchantApiKeysService } from './api-keys/merchant-api-keys.service';
import { MerchantAuthService } from './identity/merchant-auth.service';
import { MerchantIdentityRepository } from './identity/merchant-identity.repository';
import { MerchantInvitationsService } from './identity/merchant-invitations.service';
import { MerchantSessionsService } from './identity/merchant-sessions.service';
import { MerchantTeamService } from './identity/merchant-team.service';
import { MERCHANT_ENTITIES } from './merchants.entities';
import { ConfigModule } from '../../platform/config/config.module';
import { MerchantsConfig } from './merchants.config';
import { AdminMerchantTermsService } from './onboarding/admin-merchant-terms.service';
import { AdminMerchantsService } from './onboarding/admin-merchants.service';
import { MerchantAuditLogService } from './onboarding/merchant-audit-log.service';
import { MerchantAuditWriter } from './onboarding/merchant-audit.writer';
import { MerchantDirectory } from './onboarding/merchant-directory.service';
import { MerchantKybDocumentsService } from './onboarding/merchant-kyb-documents.service';
import { MerchantOnboardingService } from './onboarding/merchant-onboarding.service';
import { MerchantRepository } from './onboarding/merchant.repository';
import { MerchantViews } from './onboarding/merchant-views.service';
import { MerchantOriginsRepository } from './origins/merchant-origins.repository';
import { MerchantOriginsService } from './origins/merchant-origins.service';
import { OriginOwnershipCheck } from './origins/origin-ownership-check';
import { MerchantWebhookEndpointsService } from './webhooks/merchant-webhook-endpoints.service';
import { MerchantWebhooksModule } from './webhooks/merchant-webhooks.module';
import { CheckoutCompletionModule } from './checkout/checkout-completion.module';
import { CheckoutExpiryScheduler } from './checkout/checkout-expiry.scheduler';
import { CheckoutPayments } from './checkout/checkout-payments';
import { CoreCheckoutPayments } from './checkout/core-checkout-payments';
import { CheckoutRules } from './checkout/checkout-rules';
import { CheckoutSessionExpiry } from './checkout/checkout-session-expiry';
import { CheckoutSessionsRepository } from './checkout/checkout-sessions.repository';
import { CheckoutSessionsService } from './checkout/checkout-sessions.service';
import { MerchantRefundsRepository } from './checkout/merchant-refunds.repository';
import { MerchantRefundsService } from './checkout/merchant-refunds.service';
import { TestClockService } from './sandbox/test-clock.service';
import { PaymentLinksRepository } from './checkout/payment-links.repository';
import { PaymentLinksService } from './checkout/payment-links.service';
import { MerchantLedgerModule } from './ledger/merchant-ledger.module';
import { MerchantVelocityModule } from './risk/merchant-velocity.module';
import { MerchantRiskService } from './risk/merchant-risk.service';
import { EventStreamLeases } from './events/event-stream-leases';
import { MerchantEventStreams } from './events/merchant-event-streams.service';
import { MerchantEventsModule } from './events/merchant-events.module';
import { PaymentLinkVisitsService } from './checkout/payment-link-visits.service';
import { HostedCheckoutService } from './checkout/hosted/hosted-checkout.service';
import { HostedCheckoutTokens } from './checkout/hosted/hosted-checkout-tokens';
import { MerchantPaymentsService } from './reporting/merchant-payments.service';
import { MerchantApiOutcomes, MerchantApiOutcomesStore } from './health/merchant-api-outcomes';
import { MerchantApiOutcomesMiddleware } from './health/merchant-api-outcomes.middleware';
import { MerchantHealthService } from './health/merchant-health.service';
import { MerchantStatementsModule } from './statements/merchant-statements.module';
import { MerchantStatementsService } from './statements/merchant-statements.service';
import { MerchantAnalyticsModule } from './analytics/merchant-analytics.module';
import { MerchantAnalyticsService } from './analytics/merchant-analytics.service';

/**
 * Merchants: the businesses that take payments and the people and keys that act for them.
 * Services only; the routes are in MerchantsHttpModule. The sub-areas call each other directly
 * (registration invites the OWNER, a KYB rejection ends sessions and revokes live keys, in the
 * same transaction).
 *
 * It binds the platform's MerchantSessionVerifier (the merchant guard) and MerchantApiKeyVerifier
 * (the merchant and user guards). Global so those bindings reach the guards, which import no
 * context: an application with authenticated routes and without this module does not boot.
 *
 * The webhooks' delivery side is MerchantWebhooksModule, which the worker imports alone.
 */
@Global()
@Module({
  imports: [
    ConfigModule.forFeature(MerchantsConfig),
    TypeOrmModule.forFeature(MERCHANT_ENTITIES),
    OutboxModule,
    OutboundModule,
    MessagingModule,
    AdminAuditModule,
    PasswordHasherModule,
    MerchantWebhooksModule,
    MerchantLedgerModule,
    MerchantVelocityModule,
    CheckoutCompletionModule,
    MerchantEventsModule,
    MerchantStatementsModule,
    MerchantAnalyticsModule,
  ],
  providers: [
    // onboarding
    MerchantRepository,
    MerchantViews,
    MerchantAuditWriter,
    MerchantDirectory,
    MerchantOnboardingService,
    MerchantKybDocumentsService,
    AdminMerchantsService,
    AdminMerchantTermsService,
    MerchantAuditLogService,
    // identity
    MerchantIdentityRepository,
    RefreshSessions,
    MerchantSessionsService,
    MerchantInvitationsService,
    MerchantAuthService,
    MerchantTeamService,
    { provide: MerchantSessionVerifier, useExisting: MerchantSessionsService },
    // api-keys
    MerchantApiKeysRepository,
    MerchantApiKeysService,
    MerchantApiKeyCache,
    MerchantApiKeyUsage,
    { provide: MerchantApiKeyVerifier, useExisting: MerchantApiKeysService },
    // origins
    MerchantOriginsRepository,
    OriginOwnershipCheck,
    MerchantOriginsService,
    // webhooks (the delivery side is MerchantWebhooksModule's)
    MerchantWebhookEndpointsService,
    // checkout
    CheckoutSessionsRepository,
    CheckoutRules,
    CheckoutExpiryScheduler,
    CheckoutSessionExpiry,
    CheckoutSessionsService,
    PaymentLinksRepository,
    PaymentLinksService,
    MerchantRefundsRepository,
    MerchantRefundsService,
    // risk
    MerchantRiskService,
    { provide: CheckoutPayments, useClass: CoreCheckoutPayments },
    // events (the recording side is MerchantEventsModule's)
    EventStreamLeases,
    MerchantEventStreams,
    PaymentLinkVisitsService,
    HostedCheckoutTokens,
    HostedCheckoutService,
    // reporting
    MerchantPaymentsService,
    // health and statements (the statements' making is MerchantStatementsModule's)
    MerchantApiOutcomesStore,
    MerchantApiOutcomes,
    MerchantApiOutcomesMiddleware,
    MerchantHealthService,
    MerchantStatementsService,
    // sandbox
    TestClockService,
    // analytics (the rollups are MerchantAnalyticsModule's)
    MerchantAnalyticsService,
  ],
  exports: [
    MerchantDirectory,
    MerchantAuditWriter,
    MerchantOnboardingService,
    MerchantKybDocumentsService,
    AdminMerchantsService,
    AdminMerchantTermsService,
    MerchantAuditLogService,
    MerchantSessionsService,
    MerchantInvitationsService,
    MerchantAuthService,
    MerchantTeamService,
    MerchantSessionVerifier,
    MerchantApiKeysService,
    MerchantApiKeyUsage,
    MerchantApiKeyVerifier,
    MerchantOriginsService,
    MerchantWebhookEndpointsService,
    CheckoutSessionsService,
    PaymentLinksService,
    MerchantRefundsService,
    MerchantLedgerModule,
    MerchantRiskService,
    MerchantVelocityModule,
    CheckoutPayments,
    MerchantEventStreams,
    PaymentLinkVisitsService,
    HostedCheckoutTokens,
    HostedCheckoutService,
    MerchantPaymentsService,
    MerchantApiOutcomes,
    MerchantApiOutcomesMiddleware,
    MerchantHealthService,
    MerchantStatementsService,
    TestClockService,
    MerchantAnalyticsModule,
    MerchantAnalyticsService,
  ],
})
export class MerchantsModule {}
