import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { IdentityConfig } from './identity.config';
import { TierLimits, tierLimits } from './tier-limits';
import { KYC_TIERS, KycTier } from './user.entity';
import { oneOf } from '../../platform/database/column-values';
import { sqlStatements } from '../../platform/database/sql-query';
import { executorOn, one } from '../../platform/database/statement-executor';
import * as users from './sql/users.queries';

const SQL = sqlStatements('identity', users);

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
    const row = await one(executorOn(manager), SQL.kycTier, { userId });
    if (row === null) return null;
    const tier = oneOf(KYC_TIERS, row.kyc_tier, 'users.kyc_tier');
    return { tier, limits: tierLimits(this.settings.tierLimitTable, tier, currency) };
  }

  /** Whether payments in `currency` have limits configured (for every tier), so they may be taken at all. */
  hasLimitsIn(currency: string): boolean {
    return this.settings.tierLimitTable.has(currency);
  }
}
