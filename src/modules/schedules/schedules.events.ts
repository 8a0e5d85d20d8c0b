import { EventCurrency, EventId, EventMinorUnits, EventText } from '../../platform/outbox/event-payload-fields';
import { OutboxEventReader } from '../../platform/outbox/outbox-event-reader';
import { IDENTITY_EVENT_TYPES, UserDeactivatedPayload } from '../identity';

/**
 * The schedules context's outbox events and their payloads. Money in minor units as integers.
 *
 * - `schedule.run_failed`: a period's payment failed on every attempt the period allows; the
 *   customer is told and the schedule goes on to its next period.
 * - `schedule.confirmation_needed`: a period was skipped because the bill due is above the
 *   schedule's maximum; the customer is asked to pay it themselves or raise the maximum.
 */
export const SCHEDULE_EVENTS = {
  runFailed: 'schedule.run_failed',
  confirmationNeeded: 'schedule.confirmation_needed',
} as const;

export class ScheduleRunEventPayload {
  @EventId()
  scheduleId: string;

  @EventId()
  runId: string;

  @EventId()
  customerId: string;

  @EventId()
  billerId: string;

  @EventText({ max: 120 })
  billerName: string;

  @EventText({ max: 64 })
  accountReference: string;

  /** The period the run belongs to, e.g. `2026-11` (monthly), `2026-W47` (weekly), `once`. */
  @EventText({ max: 40 })
  periodKey: string;

  /** What the run tried to pay (failed) or what is due (confirmation needed), minor units. */
  @EventMinorUnits()
  amount: number;

  @EventCurrency()
  currency: string;

  /** Why, in the customer's words (no connector text). */
  @EventText({ max: 300 })
  reason: string;
}

export class ScheduleConfirmationPayload extends ScheduleRunEventPayload {
  /** The schedule's maximum, minor units. */
  @EventMinorUnits()
  maximumAmount: number;

  /** The bill above the maximum. */
  @EventId()
  billId: string;
}

declare module '../../platform/outbox/outbox-events' {
  interface OutboxEventPayloads {
    [SCHEDULE_EVENTS.runFailed]: ScheduleRunEventPayload;
    [SCHEDULE_EVENTS.confirmationNeeded]: ScheduleConfirmationPayload;
  }
}

/** The schedules context's Bull queues: the runner's repeatable tick (one job per interval across every worker), and the account events it follows. */
export const SCHEDULE_QUEUES = {
  runner: 'schedule-runner',
  /** Identity's `user.deactivated`: the user's schedules pause. */
  accounts: 'schedule-accounts',
} as const;

export const SCHEDULE_RUNNER_JOB = 'tick';

/** What the schedules context reads from its accounts queue. */
export const SCHEDULE_ACCOUNT_EVENTS = new OutboxEventReader({
  [IDENTITY_EVENT_TYPES.userDeactivated]: UserDeactivatedPayload,
});
