import { BILL_EVENTS, BillEventPayload, BillPaidPayload } from '../bills';
import { formatMinorUnits } from '../../platform/money/money-format';
import { calendarDateWords } from './calendar-words';
import { NoticeMessage, UnusableEventError } from './event-notice';
import { CURRENCY, PayloadFields, UUID } from './event-payload-fields';

/** The bill events that become notices (or, for a bill paid from the inbox, are recorded only). */
export const NOTIFIED_BILL_EVENTS: readonly string[] = [BILL_EVENTS.received, BILL_EVENTS.paid];

/**
 * The notice for a bill event, or null when the event tells the customer nothing new: a bill
 * paid from the inbox (`viaBillPay`), whose payment has its own notice. Throws
 * UnusableEventError on a payload that breaks the contract. In the app only: news of a bill
 * can wait for the customer to open it (see the README, "Which events text the customer").
 */
export function billEventMessage(eventType: string, rawPayload: unknown): NoticeMessage | null {
  if (eventType === BILL_EVENTS.received) return billReceived(parseBillEventPayload(rawPayload));
  if (eventType === BILL_EVENTS.paid) {
    const payload = parseBillPaidPayload(rawPayload);
    return payload.viaBillPay ? null : billPaid(payload);
  }
  throw new UnusableEventError(`${eventType} is not a notified bill event`);
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

/** The fields every bill event carries; lengths bounded as the tables they come from bound them. */
function billFields(payload: unknown): PayloadFields {
  return new PayloadFields(payload)
    .text('billId', { pattern: UUID })
    .text('customerId', { pattern: UUID })
    .text('billerId', { pattern: UUID })
    .text('billerName', { max: 120 })
    .text('billReference', { max: 120 })
    .text('accountReference', { max: 64 })
    .minorUnits('amountDue')
    .text('currency', { pattern: CURRENCY })
    .calendarDate('dueDate');
}

export function parseBillEventPayload(payload: unknown): BillEventPayload {
  return billFields(payload).verified<BillEventPayload>('bill event');
}

export function parseBillPaidPayload(payload: unknown): BillPaidPayload {
  return billFields(payload)
    .text('paymentId', { pattern: UUID })
    .minorUnits('amountPaid')
    .boolean('viaBillPay')
    .verified<BillPaidPayload>('bill event');
}
