import { DISPUTE_EVENTS, type DisputeEventPayload } from '../disputes';
import { formatMinorUnits } from '../../platform/money/money-format';
import { NoticeMessage, UnusableEventError } from './event-notice';
import { CURRENCY, PayloadFields, UUID } from './event-payload-fields';

/** The dispute events that become notices (the SLA breach is for operations, not the customer). */
export const NOTIFIED_DISPUTE_EVENTS: readonly string[] = [DISPUTE_EVENTS.opened, DISPUTE_EVENTS.statusChanged];

const REASON_WORDS: ReadonlyMap<string, string> = new Map([
  ['NOT_CREDITED_BY_BILLER', 'the biller has not credited it'],
  ['WRONG_AMOUNT', 'the amount was wrong'],
  ['WRONG_ACCOUNT', 'it went to the wrong account'],
  ['DUPLICATE_PAYMENT', 'it was paid twice'],
  ['SERVICE_NOT_RENDERED', 'the service was not provided'],
  ['OTHER', 'something went wrong'],
]);

/**
 * The notice for a dispute event; throws UnusableEventError on a payload that breaks the
 * contract. Only a resolution is texted: the outcome is what the customer waits for.
 */
export function disputeEventMessage(eventType: string, rawPayload: unknown): NoticeMessage {
  const payload = parseDisputeEventPayload(rawPayload);
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
  if (eventType !== DISPUTE_EVENTS.statusChanged) {
    throw new UnusableEventError(`${eventType} is not a notified dispute event`);
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
    // The opening is told by DISPUTE_OPENED; a status change back to OPEN tells the customer
    // nothing. The payload's status is only length-checked, so one outside the type is refused too.
    case 'OPEN':
    default:
      throw new UnusableEventError(`dispute.status_changed to ${payload.status} is not notified`);
  }
}

function note(payload: DisputeEventPayload): string {
  return payload.resolutionNote ? ` ${payload.resolutionNote.trim()}` : '';
}

export function parseDisputeEventPayload(payload: unknown): DisputeEventPayload {
  return new PayloadFields(payload)
    .text('disputeId', { pattern: UUID })
    .text('customerId', { pattern: UUID })
    .text('paymentId', { pattern: UUID })
    .text('reason', { max: 32 })
    .text('status', { max: 20 })
    .optionalText('previousStatus')
    .optionalText('resolutionNote')
    .text('dueBy', { max: 40 })
    .text('billerName', { max: 120 })
    .minorUnits('amount')
    .text('currency', { pattern: CURRENCY })
    .verified<DisputeEventPayload>('dispute event');
}
