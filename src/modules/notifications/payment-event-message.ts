import { PAYMENT_EVENTS, PaymentEventPayload } from '../../platform/queue/queues';
import { formatMinorUnits } from '../../platform/money/money-format';

export const NOTIFICATION_TYPES = ['PAYMENT_SUCCEEDED', 'PAYMENT_FAILED', 'PAYMENT_REFUNDED'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What one payment event tells the customer, in the app and (when `sms` is set) by SMS. */
export interface PaymentEventMessage {
  type: NotificationType;
  title: string;
  body: string;
  /** The SMS text, or null when this event is not worth an SMS. */
  sms: string | null;
  /** Stored with the notification, for the app to link to the payment. */
  data: Record<string, unknown>;
}

/** An event that no retry can turn into a notification (its payload breaks the contract). */
export class UnusableEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnusableEventError';
  }
}

const TYPE_BY_EVENT: Readonly<Record<string, NotificationType>> = {
  [PAYMENT_EVENTS.succeeded]: 'PAYMENT_SUCCEEDED',
  [PAYMENT_EVENTS.failed]: 'PAYMENT_FAILED',
  [PAYMENT_EVENTS.refunded]: 'PAYMENT_REFUNDED',
};

/** Failure codes a customer can act on, in their words; any other code gets the generic text. */
const FAILURE_REASONS: Readonly<Record<string, (billerName: string) => string>> = {
  RAIL_DECLINED: () => 'your payment method was declined',
  BILLER_REJECTED: (billerName) => `${billerName} did not accept it`,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether events of this type become notifications. */
export function isNotifiedPaymentEvent(eventType: string): boolean {
  return eventType in TYPE_BY_EVENT;
}

/** The message for a payment event of a notified type; throws UnusableEventError on a broken payload. */
export function paymentEventMessage(eventType: string, rawPayload: Record<string, unknown>): PaymentEventMessage {
  const type = TYPE_BY_EVENT[eventType];
  if (!type) throw new UnusableEventError(`${eventType} is not a notified payment event`);
  const payload = parsePaymentEventPayload(rawPayload);
  const amount = formatMinorUnits(payload.amount, payload.currency);
  const biller = payload.billerName;
  const account = payload.accountReference;
  const data: Record<string, unknown> = {
    paymentId: payload.paymentId,
    billerId: payload.billerId,
    billerName: biller,
    accountReference: account,
    amount: payload.amount,
    fee: payload.fee,
    currency: payload.currency,
    status: payload.status,
    ...(payload.failureCode ? { failureCode: payload.failureCode } : {}),
    ...(payload.billerReference ? { billerReference: payload.billerReference } : {}),
  };
  const ending = `account ending ${account.slice(-4)}`;
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
      const reason = payload.failureCode ? FAILURE_REASONS[payload.failureCode]?.(biller) : undefined;
      const why = reason ? `: ${reason}` : '';
      return {
        type,
        title: `Payment to ${biller} failed`,
        body: `Your payment of ${amount} to ${biller} for account ${account} did not go through${why}. Any money taken for it is being returned to you.`,
        sms: `Your payment of ${amount} to ${biller} (${ending}) failed${why}. Any money taken will be returned.`,
        data,
      };
    }
    case 'PAYMENT_REFUNDED':
      return {
        type,
        title: `Payment to ${biller} refunded`,
        body: `Your payment of ${amount} to ${biller} for account ${account} has been refunded.`,
        sms: null,
        data,
      };
  }
}

/** Checks the fields a notification relies on; the producer's type says more than it proves. */
export function parsePaymentEventPayload(payload: Record<string, unknown>): PaymentEventPayload {
  const problems: string[] = [];
  const text = (field: string, pattern?: RegExp) => {
    const value = payload[field];
    if (typeof value !== 'string' || value.length === 0 || (pattern && !pattern.test(value))) problems.push(field);
  };
  const minorUnits = (field: string) => {
    const value = payload[field];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) problems.push(field);
  };
  const optionalText = (field: string) => {
    const value = payload[field];
    if (value !== undefined && value !== null && typeof value !== 'string') problems.push(field);
  };
  text('paymentId', UUID);
  text('customerId', UUID);
  text('billerId', UUID);
  text('billerName');
  text('accountReference');
  text('currency', /^[A-Z]{3}$/);
  text('status');
  minorUnits('amount');
  minorUnits('fee');
  optionalText('failureCode');
  optionalText('billerReference');
  if (problems.length > 0) throw new UnusableEventError(`payment event payload: bad ${problems.join(', ')}`);
  return payload as unknown as PaymentEventPayload;
}
