import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { IdentityConfig } from './identity.config';
import { TierLimits, tierLimits } from './tier-limits';
import { KycTier } from './user.entity';
import { defineStatement } from '../../platform/database/prepared-statement';
import { executorOn, one } from '../../platform/database/statement-executor';

const KYC_TIER = defineStatement<{ kyc_tier: KycTier }, [userId: string]>(
  'customer-limits.kyc-tier',
  `SELECT kyc_tier FROM users WHERE id = $1`,
);

/**
 * What a customer may pay, for the payments context: the KYC tier and the limits it unlocks,
 * read in the caller's transaction so a tier change and a payment cannot interleave unseen.
 */
@Injectable()
export class CustomerLimitsService {
  constructor(private readonly settings: IdentityConfig) {}

  /**
   * The customer's tier and its limits in `currency`; `limits` is null when no limits are
   * configured for that currency (the payment must then be refused); null for no such user.
   */
  async limitsOf(
    manager: EntityManager,
    userId: string,
    currency: string,
  ): Promise<{ tier: KycTier; limits: TierLimits | null } | null> {
    const row = await one(executorOn(manager), KYC_TIER, [userId]);
    return row
      ? { tier: row.kyc_tier, limits: tierLimits(this.settings.tierLimitTable, row.kyc_tier, currency) }
      : null;
  }

  /** Whether payments in `currency` have limits configured (for every tier), so they may be taken at all. */
  hasLimitsIn(currency: string): boolean {
    return this.settings.tierLimitTable.has(currency);
  }
}
