import type { QueueEntry } from '../compliance.service';
import type { AmlFlagResponseDto } from './aml-flag-response.dto';

/** A phone number with all but its first four and last four characters masked: `+234******4567`. */
export function maskPhone(phone: string): string {
  if (phone.length <= 8) return `${phone.slice(0, 1)}${'*'.repeat(Math.max(0, phone.length - 1))}`;
  return `${phone.slice(0, 4)}${'*'.repeat(phone.length - 8)}${phone.slice(-4)}`;
}

export function toAmlFlagResponse({ flag, payment, customer }: QueueEntry): AmlFlagResponseDto {
  return {
    id: flag.id,
    txnId: flag.payment_id,
    rule: flag.rule,
    severity: flag.severity,
    reason: flag.reason,
    createdAt: new Date(flag.created_at).toISOString(),
    status: flag.status,
    payment: {
      amount: Number(payment.amount),
      fee: Number(payment.fee),
      currency: payment.currency,
      billerId: payment.billerId,
      billerName: payment.billerName,
      status: payment.status,
      heldForReview: payment.heldForReview,
      channel: payment.channel,
    },
    customer:
      payment.customerId === null
        ? null
        : {
            id: payment.customerId,
            phone: customer === null ? null : maskPhone(customer.phone),
            kycTier: customer?.kycTier ?? null,
          },
  };
}
