import type { EventAndPayload } from '../../platform/outbox/outbox-event-reader';
import { PAYMENT_EVENTS } from '../payments';
import { formatMinorUnits } from '../../platform/money/money-format';
import { NoticeMessage, NotificationType } from './event-notice';

/** What one payment event tells the customer, in the app and (when `sms` is set) by SMS. */
export type PaymentEventMessage = NoticeMessage;

/** The payment events that become notices. */
export type NotifiedPaymentEvent = EventAndPayload<
  typeof PAYMENT_EVENTS.succeeded | typeof PAYMENT_EVENTS.failed | typeof PAYMENT_EVENTS.refunded
>;

type PaymentNotificationType = Extract<NotificationType, `PAYMENT_${string}`>;

const TYPE_BY_EVENT: Readonly<Record<NotifiedPaymentEvent['eventType'], PaymentNotificationType>> = {
  [PAYMENT_EVENTS.succeeded]: 'PAYMENT_SUCCEEDED',
  [PAYMENT_EVENTS.failed]: 'PAYMENT_FAILED',
  [PAYMENT_EVENTS.refunded]: 'PAYMENT_REFUNDED',
};

/** How the customer names the way they paid, and who stands behind it. */
interface RailWords {
  /** Completes "nothing was taken from your ...", "returned to your ...". */
  method: string;
  /** Who declines or confirms a capture on that rail. */
  provider: string;
}

// Maps, not object literals: a payload's strings must never reach `toString` or `__proto__`.
const RAIL_WORDS: ReadonlyMap<string, RailWords> = new Map([
  ['CARD', { method: 'card', provider: 'your card issuer' }],
  ['BANK_TRANSFER', { method: 'bank account', provider: 'your bank' }],
  ['MOBILE_MONEY', { method: 'mobile money wallet', provider: 'your mobile money provider' }],
  ['WALLET', { method: 'wallet', provider: 'your wallet provider' }],
]);

/** For a rail added by an admin, or an event that does not name its rail. */
const ANY_RAIL: RailWords = { method: 'payment method', provider: 'your payment provider' };

/** What an explanation may draw on; amounts already formatted. */
interface FailureContext {
  billerName: string;
  rail: RailWords;
  /** What the rail was asked to take: the amount and the fee. */
  charged: string;
}

/**
 * A failure code in the customer's words. Codes that name the connector's raw answer never reach
 * the text: the code picks a sentence written here.
 */
interface FailureExplanation {
  /**
   * Whether a failure with this code leaves the customer's funds taken: capture failures
   * happen before anything is taken, a biller's refusal after. Read only for events that
   * predate `fundsCaptured`.
   */
  fundsCaptured: boolean;
  /** Why, completing "...: <why>.". */
  why(context: FailureContext): string;
  /** What the customer can do about it, as a sentence. */
  next(context: FailureContext): string;
}

const declined: FailureExplanation = {
  fundsCaptured: false,
  why: ({ rail }) => `${rail.provider} declined it`,
  next: ({ rail }) => `Ask ${rail.provider} why, or pay another way.`,
};

const FAILURES: ReadonlyMap<string, FailureExplanation> = new Map([
  ['RAIL_DECLINED', declined],
  ['DO_NOT_HONOR', declined],
  [
    'INSUFFICIENT_FUNDS',
    {
      fundsCaptured: false,
      why: ({ rail, charged }) => `your ${rail.method} did not have enough funds for ${charged}`,
      next: ({ rail }) => `Add funds to your ${rail.method} or pay another way, then try again.`,
    },
  ],
  [
    'ACCOUNT_CLOSED',
    {
      fundsCaptured: false,
      why: ({ rail }) => `your ${rail.method} is closed`,
      next: () => 'Pay another way.',
    },
  ],
  [
    'LIMIT',
    {
      fundsCaptured: false,
      why: ({ rail }) => `it is over a limit set by ${rail.provider}`,
      next: ({ rail }) => `Ask ${rail.provider} about the limit, or pay another way.`,
    },
  ],
  [
    'RAIL_NO_CAPTURE',
    {
      fundsCaptured: false,
      why: ({ rail }) => `${rail.provider} never confirmed it`,
      next: ({ rail }) => `Any hold on your ${rail.method} for it will be released. You can try again.`,
    },
  ],
  // Written before the payment core asked the rail what became of a capture that timed out.
  [
    'RAIL_TIMEOUT',
    {
      fundsCaptured: false,
      why: ({ rail }) => `${rail.provider} did not confirm it in time`,
      next: ({ rail }) => `Any hold on your ${rail.method} for it will be released. You can try again.`,
    },
  ],
  [
    'BILLER_REJECTED',
    {
      fundsCaptured: true,
      why: ({ billerName }) => `${billerName} refused it because it would not take a payment for that account`,
      next: ({ billerName }) => `Check the account with ${billerName} before you pay again.`,
    },
  ],
  [
    'ACCOUNT_NOT_FOUND',
    {
      fundsCaptured: true,
      why: ({ billerName }) => `${billerName} refused it because it has no such account`,
      next: () => 'Check the account number, then pay again.',
    },
  ],
  [
    'ACCOUNT_REJECTED',
    {
      fundsCaptured: true,
      why: ({ billerName }) => `${billerName} refused it because that account cannot take payments`,
      next: ({ billerName }) => `Contact ${billerName} about the account.`,
    },
  ],
]);

/**
 * The message for a payment event of a notified type, its payload checked (`PaymentEventPayload`).
 * Events written before `rail` and `fundsCaptured` existed lack them, and stay readable.
 */
export function paymentEventMessage({ eventType, payload }: NotifiedPaymentEvent): PaymentEventMessage {
  const type = TYPE_BY_EVENT[eventType];
  // Codes, not symbols: an SMS with `₦` leaves the GSM alphabet and fits half as much text.
  const money = (minorUnits: bigint | number) => formatMinorUnits(minorUnits, payload.currency, 'code');
  const amount = money(payload.amount);
  const biller = payload.billerName;
  const account = payload.accountReference;
  const rail = RAIL_WORDS.get(payload.rail ?? '') ?? ANY_RAIL;
  const explanation = FAILURES.get(payload.failureCode ?? '');
  const fundsCaptured = type === 'PAYMENT_REFUNDED' ? true : (payload.fundsCaptured ?? explanation?.fundsCaptured);
  const data: Record<string, unknown> = {
    paymentId: payload.paymentId,
    billerId: payload.billerId,
    billerName: biller,
    accountReference: account,
    amount: payload.amount,
    fee: payload.fee,
    currency: payload.currency,
    status: payload.status,
    ...(payload.rail ? { rail: payload.rail } : {}),
    ...(fundsCaptured !== undefined ? { fundsCaptured } : {}),
    ...(payload.failureCode ? { failureCode: payload.failureCode } : {}),
    ...(payload.billerReference ? { billerReference: payload.billerReference } : {}),
  };
  const ending = `account ending ${account.slice(-4)}`;
  // What the rail was asked to take, and so what a refund returns: the amount and the fee.
  const charged = money(BigInt(payload.amount) + BigInt(payload.fee));
  const feeNote = payload.fee > 0 ? ` (${amount} plus the ${money(payload.fee)} fee)` : '';
  switch (type) {
    case 'PAYMENT_SUCCEEDED': {
      const reference = payload.billerReference ? ` Biller reference: ${payload.billerReference}.` : '';
      return {
        type,
        title: `Payment to ${biller} succeeded`,
        body: `Your payment of ${amount} to ${biller} for account ${account} went through.${reference}`,
        sms: `Your payment of ${amount} to ${biller} (${ending}) succeeded.${reference}`,
        data,
      };
    }
    case 'PAYMENT_FAILED': {
      const context: FailureContext = { billerName: biller, rail, charged };
      const why = explanation ? `: ${explanation.why(context)}` : '';
      const title = `Payment to ${biller} failed`;
      const paying = `Your payment of ${amount} to ${biller}`;
      if (fundsCaptured === false) {
        const next = explanation ? explanation.next(context) : 'You can try again.';
        return {
          type,
          title,
          body: `${paying} for account ${account} was not made, and nothing was taken from your ${rail.method}${why}. ${next}`,
          sms: `${paying} (${ending}) was not made${why}. Nothing was taken from your ${rail.method}.`,
          data,
        };
      }
      if (fundsCaptured === true) {
        const next = explanation ? ` ${explanation.next(context)}` : '';
        return {
          type,
          title,
          body: `${paying} for account ${account} did not go through${why}. The ${charged} taken for it${feeNote} is being returned to your ${rail.method}; we will tell you when it is back.${next}`,
          sms: `${paying} (${ending}) failed${why}. ${charged} is being returned to your ${rail.method}.`,
          data,
        };
      }
      // An event from before `fundsCaptured`, with a code this table does not know.
      return {
        type,
        title,
        body: `${paying} for account ${account} did not go through. If any money was taken for it, it is being returned to your ${rail.method}.`,
        sms: `${paying} (${ending}) failed. Any money taken will be returned to your ${rail.method}.`,
        data,
      };
    }
    case 'PAYMENT_REFUNDED':
      return {
        type,
        title: `Payment to ${biller} refunded`,
        // A refused payment's refund returns everything taken; a dispute's refund is the payment's.
        body:
          payload.status === 'FAILED'
            ? `The ${charged} taken for your payment to ${biller} for account ${account}${feeNote} is back: it has been returned to your ${rail.method}.`
            : `Your payment of ${amount} to ${biller} for account ${account} has been refunded: the money is back in your ${rail.method}.`,
        sms: null,
        data,
      };
  }
}
