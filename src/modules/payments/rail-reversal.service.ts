import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OutboxWriter } from '../../platform/outbox/outbox.writer';
import { PAYMENT_EVENTS } from '../../platform/queue/queues';
import { PaymentRepository } from './payment.repository';
import { paymentEventPayload } from './payments.service';
import { RailCode, RailConnector } from './rail-connector';

export type RailReversalAction = 'REFUND' | 'CANCEL';

/**
 * Returns a failed payment's funds on its rail, in the worker: a refund of a capture the
 * biller refused, or a cancel of a capture whose outcome is unknown (the rail timed out).
 * Idempotent: the rail answers the first outcome again for the same reference, and a payment
 * whose reversal is recorded is left alone. A rail failure throws, so the job retries.
 */
@Injectable()
export class RailReversalService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly payments: PaymentRepository,
    private readonly rails: RailConnector,
    private readonly outbox: OutboxWriter,
  ) {}

  async reverse(paymentId: string, action: RailReversalAction): Promise<void> {
    const payment = await this.payments.findById(this.dataSource.manager, paymentId);
    if (!payment || payment.status !== 'FAILED' || payment.railReversalReference) return;
    const rail = payment.rail as RailCode;
    const total = BigInt(payment.amount) + BigInt(payment.fee);
    if (action === 'CANCEL' || !payment.railReference) {
      const result = await this.rails.cancel({ rail, reference: payment.id });
      if (result.status !== 'CANCELLED') throw new Error(`cancel of payment ${payment.id} failed: ${result.reason}`);
      await this.dataSource.transaction((manager) =>
        this.payments.setRailReversalReference(manager, payment.id, result.cancelReference),
      );
      return;
    }
    const result = await this.rails.refund({
      rail,
      railReference: payment.railReference,
      amount: total,
      currency: payment.currency,
      reference: `refund:${payment.id}`,
    });
    if (result.status !== 'REFUNDED') throw new Error(`refund of payment ${payment.id} failed: ${result.reason}`);
    await this.dataSource.transaction(async (manager) => {
      await this.payments.setRailReversalReference(manager, payment.id, result.refundReference);
      await this.outbox.write(manager, {
        eventType: PAYMENT_EVENTS.refunded,
        aggregateType: 'payment',
        aggregateId: payment.id,
        payload: paymentEventPayload(payment, 'FAILED'),
      });
    });
  }
}
