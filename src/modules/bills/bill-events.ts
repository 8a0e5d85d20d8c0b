import type { OutboxMessage } from '../../platform/outbox/outbox.writer';
import type { Bill } from './bill.entity';
import type { BillEventPayload, BillPaidPayload } from './bills.events';

/** A bill event for the outbox; only matched bills have events (the payload names the customer). */
export function billEvent(
  eventType: string,
  bill: Bill,
  paid?: { amountPaid: number; viaBillPay: boolean },
): OutboxMessage {
  if (!bill.customerId) throw new Error(`bill ${bill.id} has no customer to tell about ${eventType}`);
  const payload: BillEventPayload = {
    billId: bill.id,
    customerId: bill.customerId,
    billerId: bill.billerId,
    billerName: bill.billerName,
    billReference: bill.billReference,
    accountReference: bill.accountReference,
    amountDue: bill.amountDue,
    currency: bill.currency,
    dueDate: bill.dueDate,
  };
  const full: BillEventPayload | BillPaidPayload =
    paid && bill.paymentId
      ? { ...payload, paymentId: bill.paymentId, amountPaid: paid.amountPaid, viaBillPay: paid.viaBillPay }
      : payload;
  return { eventType, aggregateType: 'bill', aggregateId: bill.id, payload: { ...full } };
}
