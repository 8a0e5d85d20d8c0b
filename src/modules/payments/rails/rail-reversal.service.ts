import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import { PAYMENT_EVENTS } from '../payments.events';
import { PaymentChannelHooks } from '../core/payment-channel-hooks';
import { Payment } from '../core/payment.entity';
import { PaymentRepository } from '../core/payment.repository';
import { paymentEventPayload } from '../core/payment-event-payload';
import { RailReversal, RailReversalAction } from './rail-reversal.entity';
import { RailReversalRepository } from './rail-reversal.repository';
import { RailCode, RailConnector } from './rail-connector';
import { PaymentsConfig } from '../payments.config';

export type { RailReversalAction } from './rail-reversal.entity';

/**
 * Returns a payment's funds on its rail, in the worker: a refund of a capture the biller refused
 * (or a dispute refunded), a cancel of a capture whose outcome is unknown (the rail timed out),
 * or a refund of part or all of a checkout payment for one merchant refund.
 *
 * The obligation is a `rail_reversals` row written with the payment's failure or the refund
 * (`request`, `requestRefund`); the outbox job (`payment.rail_reversal_requested`,
 * `payment.part_refund_requested`) tries it at once, and the sweeper tries any that is due (its
 * job was lost, or the last try failed), with backoff, until the rail confirms, each reversal by
 * its own id. A row is leased while it is tried, so two workers never call the rail for it at
 * once, and the rail is idempotent on the reference (`refund:{paymentId}`, `refund:{refundId}`),
 * so a try repeated after a crash takes nothing twice.
 *
 * Which rail answers are final: a refund the rail refuses with `final` (the payer's account
 * takes no refunds) is not tried again when it pays a merchant refund: the reversal becomes
 * FAILED, the refund's amount comes back off the payment's `refundedAmount` and the checkout
 * hook gives the merchant's balance back, in one transaction. Every other failure (the rail
 * unavailable, an error, a timeout) is passing and tried again; so is a final refusal of a
 * payment's own refund, whose money is the customer's and which an operator must settle.
 */
@Injectable()
export class RailReversalService {
  private readonly logger = new Logger(RailReversalService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: PaymentsConfig,
    private readonly payments: PaymentRepository,
    private readonly reversals: RailReversalRepository,
    private readonly rails: RailConnector,
    private readonly outbox: OutboxWriter,
    private readonly hooks: PaymentChannelHooks,
  ) {}

  /** Records, in the caller's transaction, that the payment's funds must go back on its rail. */
  async request(manager: EntityManager, payment: Payment, action: RailReversalAction): Promise<void> {
    await this.reversals.request(manager, {
      paymentId: payment.id,
      action,
      amount: BigInt(payment.amount) + BigInt(payment.fee),
      currency: payment.currency,
      pickupGraceMs: this.config.JOB_PICKUP_GRACE_MS,
    });
  }

  /**
   * Records, in the caller's transaction, that `amount` of the payment goes back on its rail for
   * one refund (`refundId`), and sends its job through the outbox. Answers the reversal's id.
   */
  async requestRefund(
    manager: EntityManager,
    payment: Payment,
    refund: { refundId: string; amount: bigint },
  ): Promise<string> {
    const reversalId = await this.reversals.requestRefund(manager, {
      paymentId: payment.id,
      refundId: refund.refundId,
      amount: refund.amount,
      currency: payment.currency,
      pickupGraceMs: this.config.JOB_PICKUP_GRACE_MS,
    });
    await this.outbox.write(manager, {
      eventType: PAYMENT_EVENTS.partRefundRequested,
      aggregateType: 'rail_reversal',
      aggregateId: reversalId,
      payload: {
        paymentId: payment.id,
        refundId: refund.refundId,
        reversalId,
        amount: Number(refund.amount),
        currency: payment.currency,
      },
    });
    return reversalId;
  }

  /** The job's try of a payment's own reversal: takes it at once, due or not, unless another worker holds it. */
  async reverse(paymentId: string): Promise<void> {
    const id = await this.reversals.ownOf(this.dataSource.manager, paymentId);
    if (id !== null) await this.tryReversal(id, false);
  }

  /** The job's try of one reversal by its id (a refund's): at once, due or not, unless another worker holds it. */
  async reverseById(reversalId: string): Promise<void> {
    await this.tryReversal(reversalId, false);
  }

  /** Tries every due reversal once; the worker's sweeper calls it on a timer. Answers how many it took. */
  async sweep(limit = 50): Promise<number> {
    const due = await this.reversals.due(this.dataSource.manager, limit);
    for (const id of due) await this.tryReversal(id, true);
    return due.length;
  }

  private async tryReversal(id: string, whenDue: boolean): Promise<void> {
    const manager = this.dataSource.manager;
    const reversal = await this.reversals.claim(manager, id, this.config.POSTING_LEASE_MS, whenDue);
    if (!reversal) return;
    const payment = await this.payments.findById(manager, reversal.paymentId);
    if (!payment) return;
    if (reversal.refundId === null && payment.railReversalReference) {
      // Recorded on the payment by an earlier try whose row update was lost: settle the row.
      await this.reversals.complete(manager, reversal.id, payment.railReversalReference);
      return;
    }
    let outcome: RailOutcome;
    try {
      outcome = await this.callRail(payment, reversal);
    } catch (error) {
      outcome = { done: false, final: false, error: error instanceof Error ? error.message : String(error) };
    }
    if (!outcome.done) {
      if (outcome.final && reversal.refundId !== null) {
        this.logger.warn(`refund ${reversal.refundId} of payment ${payment.id} refused for good: ${outcome.error}`);
        await this.failRefund(reversal, reversal.refundId, outcome.error);
        return;
      }
      const delayMs = this.backoff(reversal.tries);
      this.logger.warn(
        `${reversal.action} of payment ${payment.id} failed (reversal ${reversal.id}, try ${reversal.tries}): ${outcome.error}`,
      );
      await this.reversals.reschedule(manager, reversal.id, { delayMs, error: outcome.error });
      return;
    }
    const reference = outcome.reference;
    const refundId = reversal.refundId;
    await this.dataSource.transaction(async (transaction) => {
      if (!(await this.reversals.complete(transaction, reversal.id, reference))) return;
      if (refundId !== null) {
        const current = (await this.payments.findById(transaction, payment.id)) ?? payment;
        await this.hooks
          .checkout()
          .refundSettled(transaction, { outcome: 'SUCCEEDED', refundId, payment: current, railReference: reference });
        return;
      }
      await this.payments.setRailReversalReference(transaction, payment.id, reference);
      // A checkout payment's own refund (a held payment rejected by compliance) raises no
      // `payment.*` event: its payer is not our customer.
      if (reversal.action === 'REFUND' && payment.channel !== 'CHECKOUT') {
        // FAILED for a biller's refusal, REFUNDED for a dispute resolved for the customer.
        await this.outbox.write(transaction, {
          eventType: PAYMENT_EVENTS.refunded,
          aggregateType: 'payment',
          aggregateId: payment.id,
          payload: paymentEventPayload(payment),
        });
      }
    });
  }

  /**
   * A refund the rail refused for good, in one transaction: the reversal FAILED, its amount taken
   * back off the payment's `refundedAmount` (under the payment's lock, as refunds add to it), and
   * the checkout hook's settlement (the merchant's refund FAILED, its balance given back, its event).
   */
  private async failRefund(reversal: RailReversal, refundId: string, reason: string): Promise<void> {
    await this.dataSource.transaction(async (transaction) => {
      if (!(await this.reversals.fail(transaction, reversal.id, reason))) return;
      const locked = await this.payments.lockById(transaction, reversal.paymentId);
      if (!locked) throw new Error(`rail reversal ${reversal.id} names no payment ${reversal.paymentId}`);
      const refundedAmount = await this.payments.returnRefundedAmount(transaction, locked.id, BigInt(reversal.amount));
      // The timeline's note holds 200 characters; the reversal keeps the rail's whole answer.
      const note = `Refund ${refundId} refused by the rail: ${reason}`.slice(0, 200);
      await this.payments.noteStep(transaction, locked.id, note);
      await this.hooks.checkout().refundSettled(transaction, {
        outcome: 'FAILED',
        refundId,
        payment: { ...locked, refundedAmount: Number(refundedAmount) },
        reason,
      });
    });
  }

  private async callRail(payment: Payment, reversal: RailReversal): Promise<RailOutcome> {
    const rail = payment.rail as RailCode;
    if (reversal.action === 'CANCEL' || !payment.railReference) {
      const result = await this.rails.cancel({ rail, reference: payment.id });
      return result.status === 'CANCELLED'
        ? { done: true, reference: result.cancelReference }
        : { done: false, final: false, error: `cancel failed: ${result.reason}` };
    }
    const result = await this.rails.refund({
      rail,
      railReference: payment.railReference,
      amount: BigInt(reversal.amount),
      currency: reversal.currency,
      reference: `refund:${reversal.refundId ?? payment.id}`,
    });
    return result.status === 'REFUNDED'
      ? { done: true, reference: result.refundReference }
      : { done: false, final: result.final === true, error: `refund failed: ${result.reason}` };
  }

  private backoff(tries: number): number {
    const delay = this.config.POSTING_BACKOFF_BASE_MS * 2 ** Math.max(tries - 1, 0);
    return Math.min(Math.max(delay, 1000), this.config.POSTING_BACKOFF_MAX_MS);
  }
}

type RailOutcome = { done: true; reference: string } | { done: false; final: boolean; error: string };
