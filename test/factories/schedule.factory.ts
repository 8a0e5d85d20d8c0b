import type { Response, Test } from 'supertest';
import { localDate } from '../../src/modules/schedules/schedule-calendar';
import { AppTarget, Caller, httpOf } from '../support/app-target';
import { GOOD_CARD, GOOD_REFERENCE } from './payment.factory';

export const CURRENT_CONSENT_VERSION = '2026-01';

export type ScheduleBody = Record<string, unknown> & { id: string; status: string };

/** Today in the business time zone (the default, Africa/Lagos), as `YYYY-MM-DD`. */
export function businessToday(now = new Date(), timeZone = 'Africa/Lagos'): string {
  return localDate(now, timeZone);
}

/** A valid ScheduleRequest: 1,000.00 NGN monthly on the 28th from today, by card, with current consent. */
export function scheduleRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    accountReference: GOOD_REFERENCE,
    mode: 'FIXED',
    amount: 100_000,
    currency: 'NGN',
    rail: 'CARD',
    fundingAccount: GOOD_CARD,
    frequency: 'MONTHLY',
    dayOfMonth: 28,
    startDate: businessToday(),
    consent: { version: CURRENT_CONSENT_VERSION, acceptedAt: new Date(Date.now() - 60_000).toISOString() },
    ...overrides,
  };
}

/** `POST /schedules` as `owner` (`overrides.biller` names the biller); answers whatever the API says. */
export function postSchedule(target: AppTarget, owner: Caller, overrides: Record<string, unknown>): Test {
  return httpOf(target).post('/api/v1/schedules').set(owner.headers).send(scheduleRequest(overrides));
}

/** A schedule made through the API; throws unless it answers 201. */
export async function createSchedule(
  target: AppTarget,
  owner: Caller,
  overrides: Record<string, unknown> & { biller: string },
): Promise<ScheduleBody> {
  const response: Response = await postSchedule(target, owner, overrides);
  if (response.status !== 201) throw new Error(`schedule: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as ScheduleBody;
}
