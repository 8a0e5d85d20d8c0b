import { formatMinorUnits } from '../../../platform/money/money-format';
import type { BillPayment } from './payment.entity';
import type { PostingAttempt } from '../posting/posting-attempt.entity';

/** How a payment's state reads to its customer: what happened and what happens next. */
export interface CustomerStatus {
  description: string;
  /** The biller has not confirmed the payment in the usual time; staff are on it. */
  delayed: boolean;
}

const RAIL_NAMES: Record<string, string> = {
  CARD: 'card',
  BANK_TRANSFER: 'bank account',
  MOBILE_MONEY: 'mobile money wallet',
  WALLET: 'wallet',
};

/**
 * A safe description of a payment's state for the customer: plain words, amounts as people
 * read them, never a connector's or a rail's raw error (those stay on the posting attempts and
 * the timeline's staff notes). `posting` is the latest posting cycle when the caller read it:
 * a cycle that gave up (`FAILED` while the payment is still `PROCESSING`) reads as delayed.
 */
export function customerStatus(payment: BillPayment, posting?: PostingAttempt | null): CustomerStatus {
  const total = formatMinorUnits(BigInt(payment.amount) + BigInt(payment.fee), payment.currency, 'code');
  const source = RAIL_NAMES[payment.rail] ?? payment.rail;
  const biller = payment.biller.name;
  switch (payment.status) {
    case 'AUTHORIZING':
      return {
        description: `We are confirming the payment of ${total} with your ${source} provider. This usually takes a few seconds; you do not need to do anything.`,
        delayed: false,
      };
    case 'PENDING':
      if (payment.heldForReview) {
        return {
          description: `Under review: ${total} was taken from your ${source} and the payment is being reviewed before we send it to ${biller}. If it cannot go ahead, ${total} is returned to your ${source}; you do not need to do anything.`,
          delayed: false,
        };
      }
      return {
        description: `${total} was taken from your ${source}. We are sending the payment to ${biller}.`,
        delayed: false,
      };
    case 'PROCESSING':
      if (posting?.status === 'FAILED') {
        return {
          description: `Delayed: ${biller} has not confirmed the payment yet. We are looking into it and will either confirm it or return ${total} to your ${source}; you do not need to do anything.`,
          delayed: true,
        };
      }
      return {
        description: `We are sending the payment to ${biller}; it is usually confirmed within minutes.`,
        delayed: false,
      };
    case 'SUCCEEDED':
      return {
        description: payment.billerReference
          ? `${biller} confirmed the payment (reference ${payment.billerReference}).`
          : `${biller} confirmed the payment.`,
        delayed: false,
      };
    case 'FAILED': {
      const why = payment.failureMessage ?? 'The payment could not be completed';
      if (payment.journalEntryId === null) {
        return { description: `Not paid: ${why}. Nothing was taken from your ${source}.`, delayed: false };
      }
      return {
        description: payment.railReversalReference
          ? `Not paid: ${why}. ${total} was returned to your ${source}.`
          : `Not paid: ${why}. ${total} is being returned to your ${source}.`,
        delayed: false,
      };
    }
    case 'REFUNDED':
      return { description: `${total} was refunded to your ${source}.`, delayed: false };
  }
}
