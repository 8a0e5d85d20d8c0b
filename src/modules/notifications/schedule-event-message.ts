import type { EventAndPayload } from '../../platform/outbox/outbox-event-reader';
import { SCHEDULE_EVENTS, ScheduleConfirmationPayload, ScheduleRunEventPayload } from '../schedules';
import { formatMinorUnits } from '../../platform/money/money-format';
import { periodWords } from './calendar-words';
import { NoticeMessage } from './event-notice';

/** The schedule events that become notices. */
export type NotifiedScheduleEvent = EventAndPayload<
  typeof SCHEDULE_EVENTS.runFailed | typeof SCHEDULE_EVENTS.confirmationNeeded
>;

/**
 * The notice for a schedule event, its payload checked. Both are texted: something the
 * customer did not do by hand went wrong or waits for them, and a bill may fall due before
 * they open the app.
 */
export function scheduleEventMessage(event: NotifiedScheduleEvent): NoticeMessage {
  switch (event.eventType) {
    case SCHEDULE_EVENTS.runFailed:
      return runFailed(event.payload);
    case SCHEDULE_EVENTS.confirmationNeeded:
      return confirmationNeeded(event.payload);
  }
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
