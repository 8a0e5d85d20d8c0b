import { MerchantApiKey } from './api-keys/merchant-api-key.entity';
import {
  MerchantInvitation,
  MerchantMembership,
  MerchantRefreshToken,
  MerchantSession,
  MerchantUser,
} from './identity/merchant-identity.entities';
import { MerchantOrigin } from './origins/merchant-origin.entity';
import {
  MerchantWebhookAttempt,
  MerchantWebhookDelivery,
  MerchantWebhookEndpoint,
  MerchantWebhookEvent,
} from './webhooks/merchant-webhook.entities';
import { MerchantCheckoutSession } from './checkout/checkout-session.entity';
import { MerchantPaymentLink } from './checkout/payment-link.entity';
import { MerchantPaymentLinkView } from './checkout/payment-link-view.entity';
import { MerchantAuditEntry } from './onboarding/merchant-audit-entry.entity';
import { MerchantKybDocument } from './onboarding/merchant-kyb-document.entity';
import { Merchant } from './onboarding/merchant.entity';
import {
  MerchantPricingVersion,
  MerchantSettlementAccount,
  MerchantVelocityCap,
} from './onboarding/merchant-terms.entities';

/** The merchants context's tables: onboarding's, then identity's, then the API keys, the origins, the webhooks, checkout. */
export const MERCHANT_ENTITIES = [
  Merchant,
  MerchantKybDocument,
  MerchantAuditEntry,
  MerchantPricingVersion,
  MerchantSettlementAccount,
  MerchantVelocityCap,
  MerchantUser,
  MerchantMembership,
  MerchantSession,
  MerchantRefreshToken,
  MerchantInvitation,
  MerchantApiKey,
  MerchantOrigin,
  MerchantWebhookEndpoint,
  MerchantWebhookEvent,
  MerchantWebhookDelivery,
  MerchantWebhookAttempt,
  MerchantPaymentLink,
  MerchantCheckoutSession,
  MerchantPaymentLinkView,
];
