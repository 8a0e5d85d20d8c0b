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
 * read in the caller's transaction under the customer's row lock, so a tier change and a payment
 * cannot interleave unseen.
 */
@Injectable()
export class CustomerLimitsService {
  constructor(private readonly settings: IdentityConfig) {}

  /**
   * The customer's tier and its limits in `currency`; `limits` is null when no limits are
   * configured for that currency (the payment must then be refused); null for no such user.
   * Locks the customer's row (`FOR NO KEY UPDATE`) until the caller's transaction ends, in the
   * same round trip: one customer's payments queue on it, one after another, and a statement
   * the caller runs next sees every payment of theirs committed before (its snapshot is taken
   * after the lock). Other customers' payments, and rows that only refer to the customer, are
   * not held up; an update of the customer's row (a login's PIN count, a tier change) waits for
   * the transaction, as it waits for the payment's.
   */
  async lockLimitsOf(
    manager: EntityManager,
    userId: string,
    currency: string,
  ): Promise<{ tier: KycTier; limits: TierLimits | null } | null> {
    const row = await one(executorOn(manager), SQL.oneTripLockKycTier, { userId });
    if (row === null) return null;
    const tier = oneOf(KYC_TIERS, row.kyc_tier, 'users.kyc_tier');
    return { tier, limits: tierLimits(this.settings.tierLimitTable, tier, currency) };
  }

  /** Whether payments in `currency` have limits configured (for every tier), so they may be taken at all. */
  hasLimitsIn(currency: string): boolean {
    return this.settings.tierLimitTable.has(currency);
  }
}
