import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../../platform/clock/clock';
import { newId } from '../../../platform/database/new-id';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import type { Payment, RailDispute } from '../../payments';
import { MerchantLedger } from '../ledger/merchant-ledger';
import { MERCHANT_EVENTS } from '../merchants.events';
import * as disputes from './sql/merchant-payment-disputes.queries';

const SQL = sqlStatements('merchants', disputes);

/** A dispute of a merchant payment as the test clock reports it. */
export interface MerchantPaymentDisputeView {
  id: string;
  amount: number;
  currency: string;
  reason: string;
  status: string;
  createdAt: Date;
}

/**
 * Disputes (chargebacks) of merchant payments: the payer's bank contests a captured checkout payment
 * and the rail notifies it (the payment core's `RailDisputes.receive`, through the checkout hook). One
 * path for both modes: the sandbox rail's notices in test mode, a live rail's notification in live.
 *
 * In the notification's transaction: the dispute row (`merchant_payment_disputes`, NEEDS_RESPONSE, one
 * per payment), the disputed amount moved from the merchant's available then pending balance to its
 * dispute hold (`MerchantLedger.recordDisputeHold`, with `merchant.balance_updated`), and
 * `merchant.payment.disputed` (webhooks `payment.disputed`, the event stream).
 */
@Injectable()
export class MerchantPaymentDisputes {
  constructor(
    private readonly merchantLedger: MerchantLedger,
    private readonly outbox: OutboxWriter,
    private readonly clock: Clock,
  ) {}

  /** Records the dispute of a captured checkout payment; a second notice of the same payment changes nothing. */
  async record(manager: EntityManager, payment: Payment, dispute: RailDispute): Promise<string | null> {
    const checkout = payment.checkout;
    if (checkout === null) throw new Error(`payment ${payment.id} (${payment.channel}) is no checkout payment`);
    const executor = executorOn(manager);
    // The caller holds the payment's row lock, so two notices of it are serialised here.
    if (await one(executor, SQL.merchantDisputeOfPayment, { paymentId: payment.id })) return null;
    const id = newId();
    const createdAt = this.clock.now();
    const holdEntryId = await this.merchantLedger.recordDisputeHold(manager, {
      disputeId: id,
      paymentId: payment.id,
      merchantId: checkout.merchantId,
      livemode: checkout.livemode,
      currency: payment.currency,
      amount: dispute.amount,
    });
    const [inserted] = await run(executor, SQL.insertMerchantPaymentDispute, {
      id,
      paymentId: payment.id,
      merchantId: checkout.merchantId,
      livemode: checkout.livemode,
      checkoutSessionId: checkout.sessionId,
      amount: dispute.amount.toString(),
      currency: payment.currency,
      reason: dispute.reason,
      railDisputeReference: dispute.railReference,
      holdEntryId,
      createdAt,
    });
    if (!inserted) throw new Error(`payment ${payment.id} was disputed by a concurrent notice`);
    await this.outbox.write(manager, {
      eventType: MERCHANT_EVENTS.paymentDisputed,
      aggregateType: 'payment',
      aggregateId: payment.id,
      payload: {
        merchantId: checkout.merchantId,
        livemode: checkout.livemode,
        disputeId: id,
        paymentId: payment.id,
        checkoutSessionId: checkout.sessionId,
        amount: dispute.amount,
        currency: payment.currency,
        reason: dispute.reason,
        status: 'NEEDS_RESPONSE',
        createdAt: createdAt.toISOString(),
      },
    });
    return id;
  }

  /** The payment's dispute, this merchant's and mode's, or null. */
  async ofPayment(
    manager: EntityManager,
    paymentId: string,
    merchantId: string,
    livemode: boolean,
  ): Promise<MerchantPaymentDisputeView | null> {
    const row = await one(executorOn(manager), SQL.merchantDisputesOfPayment, { paymentId, merchantId, livemode });
    return (
      row && {
        id: row.id,
        amount: Number(row.amount),
        currency: row.currency,
        reason: row.reason,
        status: row.status,
        createdAt: row.created_at,
      }
    );
  }
}
