import type { EventAndPayload } from '../../platform/outbox/outbox-event-reader';
import { BILL_EVENTS, BillEventPayload, BillPaidPayload } from '../bills';
import { formatMinorUnits } from '../../platform/money/money-format';
import { calendarDateWords } from './calendar-words';
import { NoticeMessage } from './event-notice';

/** The bill events that become notices (or, for a bill paid from the inbox, are recorded only). */
export type NotifiedBillEvent = EventAndPayload<typeof BILL_EVENTS.received | typeof BILL_EVENTS.paid>;

/**
 * The notice for a bill event, its payload checked, or null when the event tells the customer
 * nothing new: a bill paid from the inbox (`viaBillPay`), whose payment has its own notice. In
 * the app only: news of a bill can wait for the customer to open it (see the README, "Which
 * events text the customer").
 */
export function billEventMessage(event: NotifiedBillEvent): NoticeMessage | null {
  switch (event.eventType) {
    case BILL_EVENTS.received:
      return billReceived(event.payload);
    case BILL_EVENTS.paid:
      return event.payload.viaBillPay ? null : billPaid(event.payload);
  }
}

function billReceived(payload: BillEventPayload): NoticeMessage {
  const amountDue = formatMinorUnits(payload.amountDue, payload.currency, 'code');
  return {
    type: 'BILL_RECEIVED',
    title: `New bill from ${payload.billerName}`,
    body: `Your ${payload.billerName} bill for account ${payload.accountReference} is ${amountDue}, due on ${calendarDateWords(payload.dueDate)}. Bill reference: ${payload.billReference}.`,
    sms: null,
    data: billData(payload),
  };
}

function billPaid(payload: BillPaidPayload): NoticeMessage {
  const money = (minorUnits: number) => formatMinorUnits(minorUnits, payload.currency, 'code');
  // Settled by a payment made another way (the app, a schedule, an agent) for that account.
  const settledBy =
    payload.amountPaid === payload.amountDue
      ? 'a payment you made for that account settled it'
      : `your payment of ${money(payload.amountPaid)} for that account settled it`;
  return {
    type: 'BILL_PAID',
    title: `${payload.billerName} bill paid`,
    body: `Your ${payload.billerName} bill of ${money(payload.amountDue)} for account ${payload.accountReference}, due on ${calendarDateWords(payload.dueDate)}, is paid: ${settledBy}. Bill reference: ${payload.billReference}.`,
    sms: null,
    data: { ...billData(payload), paymentId: payload.paymentId, amountPaid: payload.amountPaid },
  };
}

function billData(payload: BillEventPayload): Record<string, unknown> {
  return {
    billId: payload.billId,
    billerId: payload.billerId,
    billerName: payload.billerName,
    accountReference: payload.accountReference,
    billReference: payload.billReference,
    amountDue: payload.amountDue,
    currency: payload.currency,
    dueDate: payload.dueDate,
  };
}
