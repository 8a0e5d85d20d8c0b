import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../../platform/clock/clock';
import { AppConfig } from '../../platform/config/app-config';
import { newId } from '../../platform/database/new-id';
import { PaymentQuoteService, SavedAccountsService } from '../billers';
import { ScheduleConsentDto, ScheduleRequestDto } from './dto/schedule-request.dto';
import { ScheduleUpdateRequestDto } from './dto/schedule-update-request.dto';
import { FundingAccountCipher, maskFundingAccount } from './funding-account-cipher';
import { Cadence, dueOnOrAfter, firstDueOn, isCalendarDate, localDate, nextDueOn, periodOf } from './schedule-calendar';
import type { ScheduleRun } from './schedule-run.entity';
import { Schedule } from './schedule.entity';
import { ScheduleChanges, ScheduleRepository } from './schedule.repository';
import { ScheduleError } from './schedules.errors';
import { SchedulesConfig } from './schedules.config';

/** How far ahead of the clock a consent's `acceptedAt` may be (the app's clock may run fast). */
const CONSENT_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * A customer's schedules: create (consent, the biller's currency, format and rails checked
 * now), read, change, pause, resume and cancel, and the run history. The runner that pays
 * them is `ScheduleRunner`. Another customer's schedule answers 404.
 */
@Injectable()
export class SchedulesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly settings: SchedulesConfig,
    private readonly clock: Clock,
    private readonly schedules: ScheduleRepository,
    private readonly quotes: PaymentQuoteService,
    private readonly savedAccounts: SavedAccountsService,
    private readonly cipher: FundingAccountCipher,
  ) {}

  get timeZone(): string {
    return this.config.SCHEDULE_TIME_ZONE;
  }

  async create(customerId: string, request: ScheduleRequestDto): Promise<Schedule> {
    const now = this.clock.now();
    const consent = this.checkConsent(request.consent, now);
    const account = await this.account(customerId, request);
    const facts = await this.quotes.facts(account.biller);
    if (!facts) throw ScheduleError.billerNotFound();
    if (request.currency !== facts.currency) {
      throw ScheduleError.invalid('currency', `must be the biller's currency, ${facts.currency}`);
    }
    if (!facts.accountReferenceFits(account.accountReference)) {
      throw ScheduleError.invalid(
        request.savedAccountId ? 'savedAccountId' : 'accountReference',
        `is not a valid ${facts.accountReferenceLabel}`,
      );
    }
    if (!facts.rails.includes(request.rail)) throw ScheduleError.railUnavailable(request.rail);
    if (facts.unavailableReason) throw ScheduleError.billerUnavailable(facts.unavailableReason);
    const mode = request.mode ?? 'FIXED';
    if (mode === 'FIXED') {
      if (request.amount === undefined) throw ScheduleError.invalid('amount', 'is required when mode is FIXED');
      if (request.maximumAmount !== undefined) {
        throw ScheduleError.invalid('maximumAmount', 'is only for mode BILLS');
      }
    } else {
      if (request.maximumAmount === undefined) {
        throw ScheduleError.invalid('maximumAmount', 'is required when mode is BILLS');
      }
      if (request.amount !== undefined) throw ScheduleError.invalid('amount', 'is only for mode FIXED');
    }
    const cadence = this.cadence(request.frequency, request.dayOfWeek, request.dayOfMonth);
    const today = localDate(now, this.timeZone);
    if (!isCalendarDate(request.startDate)) throw ScheduleError.invalid('startDate', 'is not a calendar date');
    if (request.startDate < today) throw ScheduleError.invalid('startDate', `must be today (${today}) or later`);
    const endDate = request.endDate ?? null;
    if (endDate !== null) this.checkEndDate(endDate, request.startDate);
    const first = firstDueOn(cadence, request.startDate);
    if (endDate !== null && first > endDate) {
      throw ScheduleError.invalid('endDate', `leaves no due date: the first would be ${first}`);
    }
    const id = newId();
    return this.schedules.insert(
      this.dataSource.manager,
      {
        id,
        customerId,
        biller: facts.biller,
        accountReference: account.accountReference,
        savedAccountId: request.savedAccountId ?? null,
        mode,
        amount: mode === 'FIXED' ? (request.amount as number) : null,
        maximumAmount: mode === 'BILLS' ? (request.maximumAmount as number) : null,
        currency: facts.currency,
        rail: request.rail,
        fundingAccountEncrypted: this.cipher.encrypt(id, request.fundingAccount),
        fundingAccountMasked: maskFundingAccount(request.fundingAccount),
        frequency: cadence.frequency,
        dayOfWeek: cadence.dayOfWeek,
        dayOfMonth: cadence.dayOfMonth,
        startDate: request.startDate,
        endDate,
        consentVersion: consent.version,
        consentAcceptedAt: consent.acceptedAt,
        status: 'ACTIVE',
        nextRunOn: first,
      },
      now,
    );
  }

  list(customerId: string): Promise<Schedule[]> {
    return this.schedules.listOwned(this.dataSource.manager, customerId);
  }

  async get(customerId: string, id: string): Promise<Schedule> {
    const schedule = await this.schedules.findOwned(this.dataSource.manager, id, customerId);
    if (!schedule) throw ScheduleError.notFound();
    return schedule;
  }

  async runs(customerId: string, id: string): Promise<{ schedule: Schedule; runs: ScheduleRun[] }> {
    const schedule = await this.get(customerId, id);
    return { schedule, runs: await this.schedules.runsOf(this.dataSource.manager, id) };
  }

  async update(customerId: string, id: string, request: ScheduleUpdateRequestDto): Promise<Schedule> {
    const now = this.clock.now();
    const today = localDate(now, this.timeZone);
    return this.dataSource.transaction(async (manager) => {
      const schedule = await this.schedules.findOwned(manager, id, customerId, true);
      if (!schedule) throw ScheduleError.notFound();
      if (schedule.status === 'CANCELLED') throw ScheduleError.cancelled();
      if (schedule.status === 'COMPLETED') throw ScheduleError.completed();
      const changes: ScheduleChanges = {};

      if (request.amount !== undefined) {
        if (schedule.mode !== 'FIXED') throw ScheduleError.invalid('amount', 'is only for mode FIXED');
        changes.amount = request.amount;
      }
      if (request.maximumAmount !== undefined) {
        if (schedule.mode !== 'BILLS') throw ScheduleError.invalid('maximumAmount', 'is only for mode BILLS');
        changes.maximumAmount = request.maximumAmount;
      }
      const raises =
        (changes.amount !== undefined && changes.amount > (schedule.amount ?? 0)) ||
        (changes.maximumAmount !== undefined && changes.maximumAmount > (schedule.maximumAmount ?? 0));
      if (raises || request.consent !== undefined) {
        const consent = this.checkConsent(request.consent, now);
        changes.consentVersion = consent.version;
        changes.consentAcceptedAt = consent.acceptedAt;
      }

      const frequencyChanges =
        request.frequency !== undefined || request.dayOfWeek !== undefined || request.dayOfMonth !== undefined;
      const frequency = request.frequency ?? schedule.frequency;
      const cadence = frequencyChanges
        ? this.cadence(
            frequency,
            request.dayOfWeek ?? (request.frequency === undefined ? (schedule.dayOfWeek ?? undefined) : undefined),
            request.dayOfMonth ?? (request.frequency === undefined ? (schedule.dayOfMonth ?? undefined) : undefined),
          )
        : { frequency: schedule.frequency, dayOfWeek: schedule.dayOfWeek, dayOfMonth: schedule.dayOfMonth };
      if (frequencyChanges) {
        changes.frequency = cadence.frequency;
        changes.dayOfWeek = cadence.dayOfWeek;
        changes.dayOfMonth = cadence.dayOfMonth;
      }

      let endDate = schedule.endDate;
      if (request.endDate !== undefined) {
        if (request.endDate !== null) {
          this.checkEndDate(request.endDate, schedule.startDate);
          if (request.endDate < today) throw ScheduleError.invalid('endDate', `must be today (${today}) or later`);
        }
        endDate = request.endDate;
        changes.endDate = endDate;
      }

      const status = request.status ?? schedule.status;
      if (status !== schedule.status) changes.status = status;
      // The next due date is counted again when the cadence, the end or the status changes.
      if (frequencyChanges || request.endDate !== undefined || changes.status !== undefined) {
        const next =
          status === 'ACTIVE'
            ? frequencyChanges || schedule.status === 'PAUSED' || schedule.nextRunOn === null
              ? await this.nextFrom(manager, schedule, cadence, today)
              : schedule.nextRunOn
            : schedule.nextRunOn;
        if (next === null || (endDate !== null && next > endDate)) {
          if (status === 'ACTIVE' && schedule.status === 'PAUSED' && request.endDate === undefined) {
            // Resuming a schedule whose end passed while it was paused: nothing is left to run.
            changes.status = 'COMPLETED';
            changes.completedAt = now;
          } else if (endDate !== null && request.endDate !== undefined) {
            throw ScheduleError.invalid('endDate', 'leaves no due date after today');
          } else {
            throw ScheduleError.invalid('frequency', 'leaves no due date after today');
          }
          changes.nextRunOn = null;
        } else {
          changes.nextRunOn = next;
        }
      }
      return this.schedules.update(manager, schedule.id, changes, now);
    });
  }

  /** Cancels the schedule (history kept). Cancelling a cancelled schedule again changes nothing. */
  async cancel(customerId: string, id: string): Promise<void> {
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const schedule = await this.schedules.findOwned(manager, id, customerId, true);
      if (!schedule) throw ScheduleError.notFound();
      if (schedule.status === 'CANCELLED') return;
      await this.schedules.update(manager, id, { status: 'CANCELLED', cancelledAt: now, nextRunOn: null }, now);
    });
  }

  /**
   * Pauses every ACTIVE schedule of a user whose account was deactivated; answers how many.
   * Idempotent (a redelivered event finds nothing ACTIVE). Resuming is the customer's, once an
   * admin has reactivated the account.
   */
  async pauseAllOf(customerId: string): Promise<number> {
    const now = this.clock.now();
    return this.schedules.pauseAllOf(this.dataSource.manager, customerId, now);
  }

  /** The first due date from today (or the start) whose period has no run yet. */
  private async nextFrom(
    manager: Parameters<ScheduleRepository['hasRunFor']>[0],
    schedule: Schedule,
    cadence: Cadence,
    today: string,
  ): Promise<string | null> {
    const from = schedule.startDate > today ? schedule.startDate : today;
    let candidate = cadence.frequency === 'ONCE' ? schedule.startDate : dueOnOrAfter(cadence, from);
    if (candidate === null) return null;
    if (cadence.frequency === 'ONCE') return candidate < today ? null : candidate;
    if (await this.schedules.hasRunFor(manager, schedule.id, periodOf(cadence.frequency, candidate).key)) {
      candidate = nextDueOn(cadence, candidate, null);
    }
    return candidate;
  }

  private checkConsent(consent: ScheduleConsentDto | undefined, now: Date): { version: string; acceptedAt: Date } {
    const current = this.settings.SCHEDULE_CONSENT_VERSION;
    if (consent === undefined) throw ScheduleError.consentMissing(current);
    if (consent.version !== current) throw ScheduleError.consentStale(current);
    const acceptedAt = new Date(consent.acceptedAt);
    if (acceptedAt.getTime() > now.getTime() + CONSENT_CLOCK_SKEW_MS) {
      throw ScheduleError.invalid('consent.acceptedAt', 'must not be in the future');
    }
    return { version: consent.version, acceptedAt };
  }

  private cadence(frequency: Schedule['frequency'], dayOfWeek?: number, dayOfMonth?: number): Cadence {
    switch (frequency) {
      case 'ONCE':
        if (dayOfWeek !== undefined) throw ScheduleError.invalid('dayOfWeek', 'is only for WEEKLY');
        if (dayOfMonth !== undefined) throw ScheduleError.invalid('dayOfMonth', 'is only for MONTHLY');
        return { frequency, dayOfWeek: null, dayOfMonth: null };
      case 'WEEKLY':
        if (dayOfWeek === undefined) throw ScheduleError.invalid('dayOfWeek', 'is required when frequency is WEEKLY');
        if (dayOfMonth !== undefined) throw ScheduleError.invalid('dayOfMonth', 'is only for MONTHLY');
        return { frequency, dayOfWeek, dayOfMonth: null };
      case 'MONTHLY':
        if (dayOfMonth === undefined) {
          throw ScheduleError.invalid('dayOfMonth', 'is required when frequency is MONTHLY');
        }
        if (dayOfWeek !== undefined) throw ScheduleError.invalid('dayOfWeek', 'is only for WEEKLY');
        return { frequency, dayOfWeek: null, dayOfMonth };
    }
  }

  private checkEndDate(endDate: string, startDate: string): void {
    if (!isCalendarDate(endDate)) throw ScheduleError.invalid('endDate', 'is not a calendar date');
    if (endDate <= startDate) throw ScheduleError.invalid('endDate', `must be after startDate (${startDate})`);
  }

  private async account(
    customerId: string,
    request: ScheduleRequestDto,
  ): Promise<{ biller: string; accountReference: string }> {
    if ((request.accountReference === undefined) === (request.savedAccountId === undefined)) {
      throw ScheduleError.invalid('accountReference', 'send exactly one of accountReference and savedAccountId');
    }
    if (request.savedAccountId === undefined) {
      return { biller: request.biller, accountReference: request.accountReference as string };
    }
    const saved = await this.savedAccounts.findOwned(customerId, request.savedAccountId);
    const named = await this.quotes.facts(request.biller);
    if (!named || named.biller.id !== saved.billerId) {
      throw ScheduleError.invalid('savedAccountId', 'is not an account of this biller');
    }
    return { biller: saved.billerId, accountReference: saved.accountReference };
  }
}
