import type { Posting, PostingLine } from '../ledger';
import type { Payment } from './payment.entity';

type LedgerPayment = Pick<Payment, 'id' | 'billerId' | 'amount' | 'fee' | 'currency' | 'rail'>;

/** The accounts a bill payment moves money between. */
export function paymentAccounts(payment: Pick<Payment, 'billerId' | 'currency' | 'rail'>) {
  return {
    /** Funds the rail owes us for captures: an asset until the rail settles. */
    railClearing: {
      code: `rail:${payment.rail}:clearing:${payment.currency}`,
      type: 'ASSET' as const,
      currency: payment.currency,
    },
    /** What we owe the biller: settled to the biller later. */
    billerPayable: {
      code: `biller:${payment.billerId}:payable:${payment.currency}`,
      type: 'LIABILITY' as const,
      currency: payment.currency,
    },
    feeRevenue: {
      code: `revenue:bill-payment-fees:${payment.currency}`,
      type: 'REVENUE' as const,
      currency: payment.currency,
    },
  };
}

/**
 * The entry of a captured payment: the rail owes us amount + fee; we owe the biller the amount
 * and earned the fee. Debits positive, credits negative; the lines sum to zero.
 */
export function captureEntry(payment: LedgerPayment): Posting {
  const accounts = paymentAccounts(payment);
  const amount = BigInt(payment.amount);
  const fee = BigInt(payment.fee);
  const lines: PostingLine[] = [
    { account: accounts.railClearing, amount: amount + fee },
    { account: accounts.billerPayable, amount: -amount },
  ];
  if (fee > 0n) lines.push({ account: accounts.feeRevenue, amount: -fee });
  return {
    kind: 'BILL_PAYMENT_CAPTURE',
    referenceType: 'payment',
    referenceId: payment.id,
    currency: payment.currency,
    memo: `Bill payment ${payment.id}`,
    lines,
  };
}
