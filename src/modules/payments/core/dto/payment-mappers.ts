import { billPaymentOf, type Payment } from '../payment.entity';
import { customerStatus } from '../payment-status-description';
import type { PaymentDetail, PaymentDraft } from '../payments.service';
import type { PostingAttempt } from '../../posting/posting-attempt.entity';
import type { PaymentDraftDto } from './payment-draft.dto';
import type { PaymentResponseDto } from './payment-response.dto';
import type { PostingAttemptResponseDto } from '../../posting/dto/posting-attempt-response.dto';
import type { TransactionDetailDto } from './transaction-detail.dto';

/** A bill payment as its customer sees it (a checkout payment is no customer's: it throws). */
export function toPaymentResponse(bill: Payment, posting?: PostingAttempt | null): PaymentResponseDto {
  const payment = billPaymentOf(bill);
  const state = customerStatus(payment, posting);
  return {
    id: payment.id,
    status: payment.status,
    statusDescription: state.description,
    delayed: state.delayed,
    channel: payment.channel,
    billerId: payment.biller.id,
    billerName: payment.biller.name,
    billerSlug: payment.biller.slug,
    accountReference: payment.accountReference,
    amount: payment.amount,
    fee: payment.fee,
    totalAmount: payment.amount + payment.fee,
    currency: payment.currency,
    rail: payment.rail,
    fundingAccount: payment.fundingAccountMasked,
    railReference: payment.railReference,
    billerReference: payment.billerReference,
    failureCode: payment.failureCode,
    failureMessage: payment.failureMessage,
    createdAt: payment.createdAt.toISOString(),
    updatedAt: payment.updatedAt.toISOString(),
    completedAt: payment.completedAt?.toISOString() ?? null,
  };
}

export function toTransactionDetail(detail: PaymentDetail): TransactionDetailDto {
  const { payment, timeline, posting } = detail;
  return {
    ...toPaymentResponse(payment, posting?.latest),
    timeline: timeline.map((step) => ({ status: step.status, note: step.note, at: step.createdAt.toISOString() })),
    ...(posting
      ? {
          posting: {
            status: posting.latest.status,
            cycles: posting.cycles,
            tries: posting.latest.tries,
            billerReference: posting.latest.billerReference,
          },
        }
      : {}),
    journalEntryId: payment.journalEntryId,
    reversalEntryId: payment.reversalEntryId,
  };
}

export function toPaymentDraft(draft: PaymentDraft): PaymentDraftDto {
  return {
    sourcePaymentId: draft.sourcePaymentId,
    biller: draft.biller.slug,
    billerId: draft.biller.id,
    billerName: draft.biller.name,
    accountReference: draft.accountReference,
    amount: draft.amount,
    currency: draft.currency,
    rail: draft.rail,
    fundingAccountHint: draft.fundingAccountHint,
    fee: draft.fee,
    totalAmount: draft.amount + draft.fee,
    billerAvailable: draft.available,
    unavailableReason: draft.unavailableReason,
  };
}

/** Everything but `retryable`, which needs the payment's state: the caller decides it. */
export function toPostingAttemptResponse(attempt: PostingAttempt): Omit<PostingAttemptResponseDto, 'retryable'> {
  return {
    id: attempt.id,
    paymentId: attempt.paymentId,
    cycle: attempt.cycle,
    status: attempt.status,
    tries: attempt.tries,
    nextAttemptAt: ['PENDING', 'RETRYING'].includes(attempt.status) ? attempt.nextAttemptAt.toISOString() : null,
    lastOutcome: attempt.lastOutcome,
    lastError: attempt.lastError,
    billerReference: attempt.billerReference,
    requestedBy: attempt.requestedBy,
    createdAt: attempt.createdAt.toISOString(),
    updatedAt: attempt.updatedAt.toISOString(),
    completedAt: attempt.completedAt?.toISOString() ?? null,
  };
}
