import type { AccountRef } from '../../ledger';

/** The merchant's balances, and `dispute`: money held while a dispute of one of its payments is open. */
export const MERCHANT_BALANCE_TYPES = ['pending', 'available', 'reserve', 'dispute'] as const;
export type MerchantBalanceType = (typeof MERCHANT_BALANCE_TYPES)[number];

/**
 * A merchant's balance account in one mode and currency: what the platform owes the merchant
 * (LIABILITY, so a credit is a negative line and the balance shown is minus the sum of lines).
 * Code `merchant:{merchantId}:{live|test}:{pending|available|reserve|dispute}:{currency}`.
 */
export function merchantBalanceAccount(
  merchantId: string,
  livemode: boolean,
  balance: MerchantBalanceType,
  currency: string,
): AccountRef {
  return {
    code: `merchant:${merchantId}:${livemode ? 'live' : 'test'}:${balance}:${currency}`,
    type: 'LIABILITY',
    currency,
  };
}

/**
 * The platform's side of a merchant payment. Live: the rail's clearing account (the asset the bill
 * payments use too: the rail owes us the captured funds), the merchant fee revenue, and
 * `heldForReview`: what a payer paid on a payment held for a compliance review (LIABILITY: owed to
 * the merchant once it is released, or back to the payer once it is rejected). Test mode
 * has its own pair under `sandbox:`, so sandbox money never reaches an account that real money
 * settles through or that reconciliation holds against a rail (design section 6: test ledger
 * accounts never link to settlement).
 */
export function merchantPlatformAccounts(livemode: boolean, rail: string, currency: string) {
  const prefix = livemode ? '' : 'sandbox:';
  return {
    railClearing: { code: `${prefix}rail:${rail}:clearing:${currency}`, type: 'ASSET', currency } satisfies AccountRef,
    feeRevenue: {
      code: `${prefix}revenue:merchant-fees:${currency}`,
      type: 'REVENUE',
      currency,
    } satisfies AccountRef,
    heldForReview: {
      code: `${prefix}merchant-payments:held-for-review:${currency}`,
      type: 'LIABILITY',
      currency,
    } satisfies AccountRef,
  };
}
