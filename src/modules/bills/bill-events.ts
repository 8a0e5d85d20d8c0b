import type { OutboxMessageOf } from '../../platform/outbox/outbox-events';
import type { Bill } from './bill.entity';
import { BILL_EVENTS, type BillEventPayload } from './bills.events';

/** `bill.received`: the bill reached its customer's inbox. */
export function billReceived(bill: Bill): OutboxMessageOf<typeof BILL_EVENTS.received> {
  return { eventType: BILL_EVENTS.received, aggregateType: 'bill', aggregateId: bill.id, payload: billPayload(bill) };
}

/** `bill.paid`: the bill was settled by its payment. */
export function billPaid(
  bill: Bill,
  paid: { amountPaid: number; viaBillPay: boolean },
): OutboxMessageOf<typeof BILL_EVENTS.paid> {
  if (!bill.paymentId) throw new Error(`bill ${bill.id} has no payment to tell about ${BILL_EVENTS.paid}`);
  return {
    eventType: BILL_EVENTS.paid,
    aggregateType: 'bill',
    aggregateId: bill.id,
    payload: {
      ...billPayload(bill),
      paymentId: bill.paymentId,
      amountPaid: paid.amountPaid,
      viaBillPay: paid.viaBillPay,
    },
  };
}

/** What every bill event carries; only matched bills have events (the payload names the customer). */
function billPayload(bill: Bill): BillEventPayload {
  if (!bill.customerId) throw new Error(`bill ${bill.id} has no customer to tell about it`);
  return {
    billId: bill.id,
    customerId: bill.customerId,
    billerId: bill.biller.id,
    billerName: bill.biller.name,
    billReference: bill.billReference,
    accountReference: bill.accountReference,
    amountDue: bill.amountDue,
    currency: bill.currency,
    dueDate: bill.dueDate,
  };
}
