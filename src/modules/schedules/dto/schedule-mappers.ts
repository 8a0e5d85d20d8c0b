import type { ScheduleRun } from '../schedule-run.entity';
import type { Schedule } from '../schedule.entity';
import type { ScheduleResponseDto } from './schedule-response.dto';
import type { ScheduleRunResponseDto } from './schedule-run-response.dto';

export function toScheduleResponse(schedule: Schedule, timeZone: string): ScheduleResponseDto {
  return {
    id: schedule.id,
    status: schedule.status,
    billerId: schedule.biller.id,
    billerSlug: schedule.biller.slug,
    billerName: schedule.biller.name,
    accountReference: schedule.accountReference,
    savedAccountId: schedule.savedAccountId,
    mode: schedule.mode,
    amount: schedule.amount,
    maximumAmount: schedule.maximumAmount,
    currency: schedule.currency,
    rail: schedule.rail,
    fundingAccount: schedule.fundingAccountMasked,
    frequency: schedule.frequency,
    dayOfWeek: schedule.dayOfWeek,
    dayOfMonth: schedule.dayOfMonth,
    startDate: schedule.startDate,
    endDate: schedule.endDate,
    nextRunOn: schedule.status === 'ACTIVE' ? schedule.nextRunOn : null,
    timeZone,
    consent: { version: schedule.consentVersion, acceptedAt: schedule.consentAcceptedAt.toISOString() },
    createdAt: schedule.createdAt.toISOString(),
    updatedAt: schedule.updatedAt.toISOString(),
    cancelledAt: schedule.cancelledAt ? schedule.cancelledAt.toISOString() : null,
  };
}

export function toScheduleRunResponse(run: ScheduleRun, currency: string): ScheduleRunResponseDto {
  return {
    id: run.id,
    scheduleId: run.scheduleId,
    periodKey: run.periodKey,
    dueOn: run.dueOn,
    status: run.status,
    amount: run.amount,
    currency,
    attempt: run.attempt,
    paymentId: run.paymentId,
    billId: run.billId,
    outcomeCode: run.outcomeCode,
    outcomeMessage: run.outcomeMessage,
    createdAt: run.createdAt.toISOString(),
    updatedAt: run.updatedAt.toISOString(),
    completedAt: run.completedAt ? run.completedAt.toISOString() : null,
  };
}
