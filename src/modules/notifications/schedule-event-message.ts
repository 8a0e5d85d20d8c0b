import { SCHEDULE_EVENTS, ScheduleConfirmationPayload, ScheduleRunEventPayload } from '../schedules';
import { formatMinorUnits } from '../../platform/money/money-format';
import { periodWords } from './calendar-words';
import { NoticeMessage, UnusableEventError } from './event-notice';
import { CURRENCY, PayloadFields, UUID } from './event-payload-fields';

/** The schedule events that become notices. */
export const NOTIFIED_SCHEDULE_EVENTS: readonly string[] = [
  SCHEDULE_EVENTS.runFailed,
  SCHEDULE_EVENTS.confirmationNeeded,
];

/**
 * The notice for a schedule event; throws UnusableEventError on a payload that breaks the
 * contract. Both are texted: something the customer did not do by hand went wrong or waits for
 * them, and a bill may fall due before they open the app.
 */
export function scheduleEventMessage(eventType: string, rawPayload: unknown): NoticeMessage {
  if (eventType === SCHEDULE_EVENTS.runFailed) return runFailed(parseScheduleRunPayload(rawPayload));
  if (eventType === SCHEDULE_EVENTS.confirmationNeeded) {
    return confirmationNeeded(parseScheduleConfirmationPayload(rawPayload));
  }
  throw new UnusableEventError(`${eventType} is not a notified schedule event`);
}

function runFailed(payload: ScheduleRunEventPayload): NoticeMessage {
  const amount = formatMinorUnits(payload.amount, payload.currency, 'code');
  const biller = payload.billerName;
  const period = periodWords(payload.periodKey);
  const during = period.label ? ` (${period.label})` : '';
  const reason = asSentence(payload.reason);
  const carriesOn = period.next ? `; your schedule carries on ${period.next}` : '';
  return {
    type: 'SCHEDULE_RUN_FAILED',
    title: `Scheduled payment to ${biller} failed`,
    body: `Your scheduled payment of ${amount} to ${biller} for account ${payload.accountReference}${during} was not made. ${reason} Pay it yourself if it is still due${carriesOn}.`,
    sms: `Your scheduled payment of ${amount} to ${biller} (${accountEnding(payload)}${period.label ? `, ${period.label}` : ''}) failed. ${reason} Pay it yourself if it is still due.`,
    data: { ...runData(payload), reason: payload.reason },
  };
}

function confirmationNeeded(payload: ScheduleConfirmationPayload): NoticeMessage {
  const money = (minorUnits: number) => formatMinorUnits(minorUnits, payload.currency, 'code');
  const biller = payload.billerName;
  const period = periodWords(payload.periodKey);
  const during = period.label ? ` (${period.label})` : '';
  // The amounts say why; `reason` (the same thing in the schedules context's words) is in data.
  return {
    type: 'SCHEDULE_CONFIRMATION_NEEDED',
    title: `${biller} bill needs your approval`,
    body: `Your ${biller} bill of ${money(payload.amount)} for account ${payload.accountReference}${during} is above the ${money(payload.maximumAmount)} maximum set on your schedule, so it was not paid. Pay this bill yourself; to have your schedule pay bills this large, raise its maximum.`,
    sms: `Your ${biller} bill of ${money(payload.amount)} (${accountEnding(payload)}) is above your schedule's ${money(payload.maximumAmount)} maximum, so it was not paid. Pay it yourself in the app.`,
    data: {
      ...runData(payload),
      billId: payload.billId,
      maximumAmount: payload.maximumAmount,
      reason: payload.reason,
    },
  };
}

function runData(payload: ScheduleRunEventPayload): Record<string, unknown> {
  return {
    scheduleId: payload.scheduleId,
    runId: payload.runId,
    billerId: payload.billerId,
    billerName: payload.billerName,
    accountReference: payload.accountReference,
    periodKey: payload.periodKey,
    amount: payload.amount,
    currency: payload.currency,
  };
}

/** As payment texts do: an SMS names only the account's last four characters. */
function accountEnding(payload: ScheduleRunEventPayload): string {
  return `account ending ${payload.accountReference.slice(-4)}`;
}

/** The producer's reason as a sentence of its own: capitalised, spaces collapsed, with a full stop. */
function asSentence(reason: string): string {
  const text = reason.trim().replace(/\s+/g, ' ');
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?]$/.test(capitalised) ? capitalised : `${capitalised}.`;
}

function runFields(payload: unknown): PayloadFields {
  return new PayloadFields(payload)
    .text('scheduleId', { pattern: UUID })
    .text('runId', { pattern: UUID })
    .text('customerId', { pattern: UUID })
    .text('billerId', { pattern: UUID })
    .text('billerName', { max: 120 })
    .text('accountReference', { max: 64 })
    .text('periodKey', { max: 40 })
    .minorUnits('amount')
    .text('currency', { pattern: CURRENCY })
    .text('reason', { max: 300 });
}

export function parseScheduleRunPayload(payload: unknown): ScheduleRunEventPayload {
  return runFields(payload).verified<ScheduleRunEventPayload>('schedule event');
}

export function parseScheduleConfirmationPayload(payload: unknown): ScheduleConfirmationPayload {
  return runFields(payload)
    .minorUnits('maximumAmount')
    .text('billId', { pattern: UUID })
    .verified<ScheduleConfirmationPayload>('schedule event');
}
