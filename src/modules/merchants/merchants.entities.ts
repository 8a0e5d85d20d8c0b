import { MerchantAuditEntry } from './merchant-audit-entry.entity';
import { MerchantKybDocument } from './merchant-kyb-document.entity';
import { Merchant } from './merchant.entity';
import { MerchantPricingVersion, MerchantSettlementAccount, MerchantVelocityCap } from './merchant-terms.entities';

/** The merchants context's tables. */
export const MERCHANT_ENTITIES = [
  Merchant,
  MerchantKybDocument,
  MerchantAuditEntry,
  MerchantPricingVersion,
  MerchantSettlementAccount,
  MerchantVelocityCap,
];
