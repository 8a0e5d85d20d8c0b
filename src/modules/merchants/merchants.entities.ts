import { MerchantAuditEntry } from './merchant-audit-entry.entity';
import { MerchantKybDocument } from './merchant-kyb-document.entity';
import { Merchant } from './merchant.entity';

/** The merchants context's tables. */
export const MERCHANT_ENTITIES = [Merchant, MerchantKybDocument, MerchantAuditEntry];
