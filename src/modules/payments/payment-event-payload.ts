import type { PaymentEventPayload } from './payments.events';
import type { Payment, PaymentStatus } from './payment.entity';

/** The payload every payment event carries (queues.ts, PaymentEventPayload). */
export function paymentEventPayload(
  payment: Payment,
  status: PaymentStatus = payment.status,
): PaymentEventPayload & Record<string, unknown> {
  return {
    paymentId: payment.id,
    customerId: payment.customerId,
    billerId: payment.billerId,
    billerName: payment.billerName,
    accountReference: payment.accountReference,
    amount: payment.amount,
    fee: payment.fee,
    currency: payment.currency,
    status,
    rail: payment.rail,
    fundsCaptured: payment.journalEntryId !== null,
    failureCode: payment.failureCode,
    billerReference: payment.billerReference,
  };
}
