import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import type { CheckoutRefundSettlement, Payment } from '../../payments';
import { MerchantLedger } from '../ledger/merchant-ledger';
import { MERCHANT_EVENTS, MerchantPaymentRefundEventPayload } from '../merchants.events';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';
import { MerchantPaymentRefund } from './merchant-refund';
import { MerchantRefundsRepository } from './merchant-refunds.repository';

/**
 * Settles a merchant refund when the rail answers, in the transaction that settles its rail
 * reversal (the checkout hook's `refundSettled`, in the worker):
 *
 * - confirmed: PENDING -> SUCCEEDED with `refundedAt` and the rail's reference, and
 *   `merchant.payment.refunded` (webhooks and the event stream: `payment.refunded`);
 * - refused for good: PENDING -> FAILED with the rail's reason, the merchant's balance given back
 *   as the refund spent it (`MerchantLedger.returnRefund`, with its `merchant.balance_updated`),
 *   and `merchant.refund.failed`. The payment core has already lowered the payment's
 *   `refundedAmount` in the same transaction.
 *
 * A refund already settled is left alone (a rail reversal settles once; this holds regardless).
 */
@Injectable()
export class MerchantRefundSettlement {
  constructor(
    private readonly refunds: MerchantRefundsRepository,
    private readonly sessions: CheckoutSessionsRepository,
    private readonly merchantLedger: MerchantLedger,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  async settle(manager: EntityManager, settlement: CheckoutRefundSettlement): Promise<void> {
    const refund = await this.refunds.lock(manager, settlement.refundId);
    if (!refund) throw new Error(`rail reversal settles refund ${settlement.refundId}, which does not exist`);
    if (refund.status !== 'PENDING') return;
    const now = this.clock.now();
    if (settlement.outcome === 'SUCCEEDED') {
      await this.refunds.markSucceeded(manager, refund.id, settlement.railReference, now);
      await this.outbox.write(manager, {
        eventType: MERCHANT_EVENTS.paymentRefunded,
        aggregateType: 'payment',
        aggregateId: refund.paymentId,
        payload: await this.eventPayload(manager, settlement.payment, refund, 'SUCCEEDED', null),
      });
      return;
    }
    const reversalEntryId = await this.merchantLedger.returnRefund(manager, {
      refundId: refund.id,
      paymentId: refund.paymentId,
      merchantId: refund.merchantId,
      livemode: refund.livemode,
      currency: refund.currency,
      amount: refund.amount,
      rail: settlement.payment.rail,
      entryId: refund.ledgerEntryId,
      fromAvailable: BigInt(refund.fromAvailable),
      fromPending: BigInt(refund.fromPending),
    });
    await this.refunds.markFailed(manager, refund.id, { failureReason: settlement.reason, reversalEntryId, at: now });
    await this.outbox.write(manager, {
      eventType: MERCHANT_EVENTS.refundFailed,
      aggregateType: 'payment',
      aggregateId: refund.paymentId,
      payload: await this.eventPayload(manager, settlement.payment, refund, 'FAILED', settlement.reason),
    });
  }

  private async eventPayload(
    manager: EntityManager,
    payment: Payment,
    refund: MerchantPaymentRefund,
    refundStatus: 'SUCCEEDED' | 'FAILED',
    failureReason: string | null,
  ): Promise<MerchantPaymentRefundEventPayload> {
    const sessionId = payment.checkout?.sessionId;
    const session = sessionId === undefined ? null : await this.sessions.findById(manager, sessionId);
    if (!session) throw new Error(`refunded payment ${payment.id} names no checkout session`);
    const fee = payment.checkout?.merchantFee ?? 0;
    return {
      merchantId: refund.merchantId,
      livemode: refund.livemode,
      paymentId: payment.id,
      checkoutSessionId: session.id,
      paymentLinkId: session.paymentLinkId,
      status: 'SUCCEEDED',
      amount: payment.amount,
      fee,
      net: payment.amount - fee,
      currency: payment.currency,
      rail: payment.rail,
      merchantReference: session.merchantReference,
      failureCode: null,
      refundedAmount: payment.refundedAmount,
      refundId: refund.id,
      refundAmount: refund.amount,
      refundStatus,
      refundReason: refund.reason,
      refundFailureReason: failureReason,
    };
  }
}
