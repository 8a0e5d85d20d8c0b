import type { QueueRow } from '../aml-flag.repository';
import type { AmlFlagResponseDto } from './aml-flag-response.dto';

/** A phone number with all but its first four and last four characters masked: `+234******4567`. */
export function maskPhone(phone: string): string {
  if (phone.length <= 8) return `${phone.slice(0, 1)}${'*'.repeat(Math.max(0, phone.length - 1))}`;
  return `${phone.slice(0, 4)}${'*'.repeat(phone.length - 8)}${phone.slice(-4)}`;
}

export function toAmlFlagResponse(row: QueueRow): AmlFlagResponseDto {
  return {
    id: row.id,
    txnId: row.payment_id,
    rule: row.rule,
    severity: row.severity,
    reason: row.reason,
    createdAt: new Date(row.created_at).toISOString(),
    status: row.status,
    payment: {
      amount: Number(row.amount),
      fee: Number(row.fee),
      currency: row.currency,
      billerId: row.biller_id,
      billerName: row.biller_name,
      status: row.payment_status,
      heldForReview: row.held_for_review,
      channel: row.channel,
    },
    customer: {
      id: row.customer_id,
      phone: row.phone === null ? null : maskPhone(row.phone),
      kycTier: row.kyc_tier,
    },
  };
}
