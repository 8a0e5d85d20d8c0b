import type { EventAndPayload } from '../../platform/outbox/outbox-event-reader';
import { DISPUTE_EVENTS, type DisputeEventPayload } from '../disputes';
import { formatMinorUnits } from '../../platform/money/money-format';
import { NoticeMessage, UnusableEventError } from './event-notice';

/** The dispute events that become notices (the SLA breach is for operations, not the customer). */
export type NotifiedDisputeEvent = EventAndPayload<typeof DISPUTE_EVENTS.opened | typeof DISPUTE_EVENTS.statusChanged>;

const REASON_WORDS: ReadonlyMap<string, string> = new Map([
  ['NOT_CREDITED_BY_BILLER', 'the biller has not credited it'],
  ['WRONG_AMOUNT', 'the amount was wrong'],
  ['WRONG_ACCOUNT', 'it went to the wrong account'],
  ['DUPLICATE_PAYMENT', 'it was paid twice'],
  ['SERVICE_NOT_RENDERED', 'the service was not provided'],
  ['OTHER', 'something went wrong'],
]);

/**
 * The notice for a dispute event, its payload checked; UnusableEventError for a status change
 * the customer is not told of. Only a resolution is texted: the outcome is what the customer
 * waits for.
 */
export function disputeEventMessage({ eventType, payload }: NotifiedDisputeEvent): NoticeMessage {
  const amount = formatMinorUnits(payload.amount, payload.currency, 'code');
  const paying = `your payment of ${amount} to ${payload.billerName}`;
  const data = {
    disputeId: payload.disputeId,
    paymentId: payload.paymentId,
    reason: payload.reason,
    status: payload.status,
    previousStatus: payload.previousStatus,
    dueBy: payload.dueBy,
    billerName: payload.billerName,
    amount: payload.amount,
    currency: payload.currency,
  };
  if (eventType === DISPUTE_EVENTS.opened) {
    const because = REASON_WORDS.get(payload.reason) ?? 'something went wrong';
    return {
      type: 'DISPUTE_OPENED',
      title: `Dispute received`,
      body: `We received your dispute of ${paying} (${because}). We will resolve it by ${payload.dueBy.slice(0, 10)} and tell you at every step.`,
      sms: null,
      data,
    };
  }
  switch (payload.status) {
    case 'UNDER_REVIEW':
      return {
        type: 'DISPUTE_UPDATED',
        title: 'Your dispute is being reviewed',
        body: `A member of our support team is now reviewing your dispute of ${paying}.`,
        sms: null,
        data,
      };
    case 'RESOLVED_CUSTOMER':
      return {
        type: 'DISPUTE_UPDATED',
        title: 'Dispute resolved in your favour',
        body: `Your dispute of ${paying} was resolved in your favour: the payment is being refunded.${note(payload)}`,
        sms: `Your dispute of ${paying} was resolved in your favour. The payment is being refunded.`,
        data,
      };
    case 'RESOLVED_REJECTED':
      return {
        type: 'DISPUTE_UPDATED',
        title: 'Dispute not upheld',
        body: `Your dispute of ${paying} was not upheld.${note(payload)}`,
        sms: `Your dispute of ${paying} was not upheld. See the app for why.`,
        data,
      };
    case 'WITHDRAWN':
      return {
        type: 'DISPUTE_UPDATED',
        title: 'Dispute withdrawn',
        body: `You withdrew your dispute of ${paying}.`,
        sms: null,
        data,
      };
    // The opening is told by DISPUTE_OPENED; a status change back to OPEN tells the customer nothing.
    case 'OPEN':
      throw new UnusableEventError(`dispute.status_changed to ${payload.status} is not notified`);
  }
}

function note(payload: DisputeEventPayload): string {
  return payload.resolutionNote ? ` ${payload.resolutionNote.trim()}` : '';
}
