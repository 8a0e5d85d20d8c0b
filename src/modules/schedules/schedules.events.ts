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

export interface ScheduleRunEventPayload {
  scheduleId: string;
  runId: string;
  customerId: string;
  billerId: string;
  billerName: string;
  accountReference: string;
  /** The period the run belongs to, e.g. `2026-11` (monthly), `2026-W47` (weekly), `once`. */
  periodKey: string;
  /** What the run tried to pay (failed) or what is due (confirmation needed), minor units. */
  amount: number;
  currency: string;
  /** Why, in the customer's words (no connector text). */
  reason: string;
}

export interface ScheduleConfirmationPayload extends ScheduleRunEventPayload {
  /** The schedule's maximum, minor units. */
  maximumAmount: number;
  /** The bill above the maximum. */
  billId: string;
}

/** The schedules context's Bull queues: the runner's repeatable tick (one job per interval across every worker), and the account events it follows. */
export const SCHEDULE_QUEUES = {
  runner: 'schedule-runner',
  /** Identity's `user.deactivated`: the user's schedules pause. */
  accounts: 'schedule-accounts',
} as const;

export const SCHEDULE_RUNNER_JOB = 'tick';
