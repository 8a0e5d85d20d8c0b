import { Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { OutboxWriter } from '../../../platform/outbox/outbox.writer';
import { PAYMENT_EVENTS } from '../payments.events';
import { Payment } from '../core/payment.entity';
import { PaymentRepository } from '../core/payment.repository';
import { paymentEventPayload } from '../core/payment-event-payload';
import { RailReversal, RailReversalAction } from './rail-reversal.entity';
import { RailReversalRepository } from './rail-reversal.repository';
import { RailCode, RailConnector } from './rail-connector';
import { PaymentsConfig } from '../payments.config';

export type { RailReversalAction } from './rail-reversal.entity';

/**
 * Returns a failed payment's funds on its rail, in the worker: a refund of a capture the
 * biller refused, or a cancel of a capture whose outcome is unknown (the rail timed out).
 *
 * The obligation is a `rail_reversals` row written with the payment's failure (`request`);
 * the `payment.rail_reversal_requested` job tries it at once, and the sweeper tries any that
 * is due (its job was lost, or the last try failed), with backoff, until the rail confirms.
 * A row is leased while it is tried, so two workers never call the rail for it at once, and
 * the rail is idempotent on the reference, so a try repeated after a crash takes nothing twice.
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

  /** The job's try: takes the payment's reversal at once, due or not, unless another worker holds it. */
  async reverse(paymentId: string): Promise<void> {
    await this.tryReversal(paymentId, false);
  }

  /** Tries every due reversal once; the worker's sweeper calls it on a timer. Answers how many it took. */
  async sweep(limit = 50): Promise<number> {
    const due = await this.reversals.due(this.dataSource.manager, limit);
    for (const paymentId of due) await this.tryReversal(paymentId, true);
    return due.length;
  }

  private async tryReversal(paymentId: string, whenDue: boolean): Promise<void> {
    const manager = this.dataSource.manager;
    const reversal = await this.reversals.claim(manager, paymentId, this.config.POSTING_LEASE_MS, whenDue);
    if (!reversal) return;
    const payment = await this.payments.findById(manager, paymentId);
    if (!payment) return;
    if (payment.railReversalReference) {
      // Recorded on the payment by an earlier try whose row update was lost: settle the row.
      await this.reversals.complete(manager, reversal.id, payment.railReversalReference);
      return;
    }
    let outcome: { done: true; reference: string } | { done: false; error: string };
    try {
      outcome = await this.callRail(payment, reversal);
    } catch (error) {
      outcome = { done: false, error: error instanceof Error ? error.message : String(error) };
    }
    if (!outcome.done) {
      const delayMs = this.backoff(reversal.tries);
      this.logger.warn(`${reversal.action} of payment ${paymentId} failed (try ${reversal.tries}): ${outcome.error}`);
      await this.reversals.reschedule(manager, reversal.id, { delayMs, error: outcome.error });
      return;
    }
    const reference = outcome.reference;
    await this.dataSource.transaction(async (transaction) => {
      if (!(await this.reversals.complete(transaction, reversal.id, reference))) return;
      await this.payments.setRailReversalReference(transaction, payment.id, reference);
      if (reversal.action === 'REFUND') {
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

  private async callRail(
    payment: Payment,
    reversal: RailReversal,
  ): Promise<{ done: true; reference: string } | { done: false; error: string }> {
    const rail = payment.rail as RailCode;
    if (reversal.action === 'CANCEL' || !payment.railReference) {
      const result = await this.rails.cancel({ rail, reference: payment.id });
      return result.status === 'CANCELLED'
        ? { done: true, reference: result.cancelReference }
        : { done: false, error: `cancel failed: ${result.reason}` };
    }
    const result = await this.rails.refund({
      rail,
      railReference: payment.railReference,
      amount: BigInt(reversal.amount),
      currency: reversal.currency,
      reference: `refund:${payment.id}`,
    });
    return result.status === 'REFUNDED'
      ? { done: true, reference: result.refundReference }
      : { done: false, error: `refund failed: ${result.reason}` };
  }

  private backoff(tries: number): number {
    const delay = this.config.POSTING_BACKOFF_BASE_MS * 2 ** Math.max(tries - 1, 0);
    return Math.min(Math.max(delay, 1000), this.config.POSTING_BACKOFF_MAX_MS);
  }
}
