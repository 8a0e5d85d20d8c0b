import type { INestApplicationContext } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { BillsJobsModule } from '../../src/modules/bills';
import { ComplianceModule } from '../../src/modules/compliance';
import { BILLS_QUEUE } from '../../src/modules/bills/bills.events';
import { PAYMENT_EVENTS, PaymentHistory } from '../../src/modules/payments';
import { newId } from '../../src/platform/database/new-id';
import { OutboxEvent } from '../../src/platform/outbox/outbox-event.entity';
import { outboxSubscriptions, routesOf } from '../../src/platform/outbox/outbox-subscriptions';
import { RedisOutboxPublisher } from '../../src/platform/outbox/outbox.publisher';
import { createClaimedBill } from '../factories/bill.factory';
import { outboxEventJob, outboxEventOf, outboxEventsOf } from '../factories/outbox-event.factory';
import { createPayment } from '../factories/payment.factory';
import { BillsApp, createBillsApp } from './support/bills-kit';
import { settledJob, startOutboxWorker } from '../support/outbox-worker';

describe('the bills queue in the worker: a payment made another way settles the bill', () => {
  let kit: BillsApp;
  let worker: INestApplicationContext;

  beforeAll(async () => {
    kit = await createBillsApp();
    // The worker's bills processor.
    worker = await startOutboxWorker(BillsJobsModule, {
      runConfig: kit.config,
      label: 'bills-worker',
      imports: [ComplianceModule],
    });
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await kit?.close();
  });

  /** A new customer's claimed bill, and their posted payment to its account of the amount due plus `overDue`. */
  async function billAndPayment(overDue = 0) {
    const customer = await kit.newCustomer();
    const bill = await createClaimedBill(kit, customer, kit.biller.slug);
    const payment = await createPayment(
      kit,
      customer,
      { biller: kit.biller.slug, accountReference: bill.accountReference, amount: bill.amountDue + overDue },
      { posted: true },
    );
    return { bill, payment };
  }

  /** The payment's payment.succeeded event as the outbox holds it, as the relay hands it to the publisher. */
  async function succeededEventOf(paymentId: string): Promise<OutboxEvent> {
    const [row] = await outboxEventsOf(kit, paymentId, PAYMENT_EVENTS.succeeded);
    return outboxEventOf(outboxEventJob(row), row.created_at);
  }

  it('routes payment.succeeded, payment.failed and payment.refunded to the bills queue', () => {
    const routes = routesOf(outboxSubscriptions(kit.app.get(ModulesContainer)));
    for (const eventType of [PAYMENT_EVENTS.succeeded, PAYMENT_EVENTS.failed, PAYMENT_EVENTS.refunded]) {
      expect(routes[eventType]).toContain(BILLS_QUEUE);
    }
  });

  it('marks the bill PAID from the published payment.succeeded event, with bill.paid (viaBillPay false)', async () => {
    const { bill, payment } = await billAndPayment();
    const event = await succeededEventOf(payment.id);
    await worker.get(RedisOutboxPublisher).publish(event);
    const { state, job } = await settledJob(worker, BILLS_QUEUE, event.id);
    expect({ state, failedReason: job.failedReason }).toEqual({ state: 'completed', failedReason: undefined });
    expect(job.returnvalue).toBe('SETTLED');
    const [paid] = await kit.db.query(`SELECT status, payment_id FROM bills WHERE id = $1`, [bill.id]);
    expect(paid).toEqual({ status: 'PAID', payment_id: payment.id });
    const events = await kit.db.query(
      `SELECT payload FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'bill.paid'`,
      [bill.id],
    );
    expect(events).toEqual([{ payload: expect.objectContaining({ paymentId: payment.id, viaBillPay: false }) }]);
  });

  it('settles nothing for a payment of an account with no open bill, without reading the payment or taking a lock', async () => {
    // The bill's account, another amount: no bill this payment could settle.
    const { bill, payment } = await billAndPayment(100);
    const event = await succeededEventOf(payment.id);
    const statusReads = jest.spyOn(worker.get(PaymentHistory), 'statusesOf');
    try {
      await worker.get(RedisOutboxPublisher).publish(event);
      const { state, job } = await settledJob(worker, BILLS_QUEUE, event.id);
      expect({ state, returnvalue: job.returnvalue }).toEqual({ state: 'completed', returnvalue: 'NOTHING_TO_DO' });
      expect(statusReads).not.toHaveBeenCalled();
    } finally {
      statusReads.mockRestore();
    }
    const [open] = await kit.db.query(`SELECT status, payment_id FROM bills WHERE id = $1`, [bill.id]);
    expect(open).toEqual({ status: expect.not.stringMatching(/^PAID$/), payment_id: null });
  });

  it('fails a payment event whose payload breaks PaymentEventPayload at once, and settles nothing by it', async () => {
    const { bill, payment } = await billAndPayment();
    const stored = await succeededEventOf(payment.id);
    // The payment's own event, but with the amount as text: the bill's amount still matches it in SQL.
    const event = Object.assign(new OutboxEvent(), stored, {
      id: newId(),
      payload: { ...stored.payload, amount: String(stored.payload.amount) },
      createdAt: new Date(),
    });
    await worker.get(RedisOutboxPublisher).publish(event);
    const { state, job } = await settledJob(worker, BILLS_QUEUE, event.id);
    expect({ state, failedReason: job.failedReason, attemptsMade: job.attemptsMade }).toEqual({
      state: 'failed',
      failedReason: 'payment.succeeded payload: bad amount',
      attemptsMade: 1,
    });
    const [open] = await kit.db.query(`SELECT status, payment_id FROM bills WHERE id = $1`, [bill.id]);
    expect(open).toEqual({ status: expect.not.stringMatching(/^PAID$/), payment_id: null });
  });
});
