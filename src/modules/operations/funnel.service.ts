import { Injectable } from '@nestjs/common';
import { addDays, isCalendarDate, startOfDay } from '../../platform/clock/calendar-dates';
import { Clock } from '../../platform/clock/clock';
import { AppConfig } from '../../platform/config/app-config';
import { ApiException } from '../../platform/http/api-error';
import { FunnelReadModel } from '../identity';
import { PaymentMetrics } from '../payments';
import { FUNNEL_STEPS, FunnelMetricsResponseDto, FunnelStep } from './dto/funnel-metrics.dto';
import { ratio } from './metrics.service';

const DAY_MS = 24 * 3_600_000;
const DEFAULT_DAYS = 30;
/** The longest window one request may ask for: a year of registrations (and a day for leap years). */
export const MAX_FUNNEL_DAYS = 366;

/** An ISO 8601 instant with its offset: `2026-11-24T10:15:00Z`, `2026-11-24T10:15:00.123+01:00`. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/;

type Bound = 'from' | 'to';

/**
 * The registration funnel of a cohort: everyone who registered in `[from, to)` (see
 * `FunnelReadModel` for what "registered" means), and how far they got since. Each step counts
 * the members who reached it and every step before it, so counts never grow down the funnel:
 * REGISTERED -> VERIFIED -> PIN_SET -> KYC_TIER_1 (identity) -> FIRST_PAYMENT -> SECOND_PAYMENT
 * (payments: one, then two payments that succeeded, whenever they were made).
 */
@Injectable()
export class FunnelService {
  constructor(
    private readonly identity: FunnelReadModel,
    private readonly payments: PaymentMetrics,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async funnel(query: { from?: string; to?: string }): Promise<FunnelMetricsResponseDto> {
    const now = this.clock.now();
    const { from, to } = this.window(query, now);
    const cohort = await this.identity.cohort(from, to);
    const paying = await this.payments.payingCustomers(cohort.kycTier1CustomerIds);
    const counts: Record<FunnelStep, number> = {
      REGISTERED: cohort.registered,
      VERIFIED: cohort.verified,
      PIN_SET: cohort.pinSet,
      KYC_TIER_1: cohort.kycTier1,
      FIRST_PAYMENT: paying.first,
      SECOND_PAYMENT: paying.second,
    };
    const first = counts.REGISTERED;
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      asOf: now.toISOString(),
      steps: FUNNEL_STEPS.map((step, index) => {
        const previous = index === 0 ? counts[step] : counts[FUNNEL_STEPS[index - 1]];
        return {
          step,
          count: counts[step],
          conversionFromPrevious: ratio(counts[step], previous),
          conversionFromFirst: ratio(counts[step], first),
        };
      }),
    };
  }

  /** The half-open window the query names; 400 VALIDATION_FAILED for a bad bound, an empty or too long window. */
  window(query: { from?: string; to?: string }, now: Date): { from: Date; to: Date } {
    const to = query.to === undefined ? now : this.parse(query.to, 'to');
    const from =
      query.from === undefined ? new Date(to.getTime() - DEFAULT_DAYS * DAY_MS) : this.parse(query.from, 'from');
    if (to.getTime() <= from.getTime()) {
      throw new ApiException('VALIDATION_FAILED', 'The window is empty: to must be after from', [
        { field: 'to', message: 'must be after from' },
      ]);
    }
    if (to.getTime() - from.getTime() > MAX_FUNNEL_DAYS * DAY_MS) {
      throw new ApiException('VALIDATION_FAILED', `The window may span at most ${MAX_FUNNEL_DAYS} days`, [
        { field: 'from', message: `must be at most ${MAX_FUNNEL_DAYS} days before to` },
      ]);
    }
    return { from, to };
  }

  /** A calendar date (its midnight, or for `to` the next midnight, in the business time zone) or an instant. */
  private parse(value: string, field: Bound): Date {
    const zone = this.config.SCHEDULE_TIME_ZONE;
    if (isCalendarDate(value)) return startOfDay(field === 'to' ? addDays(value, 1) : value, zone);
    if (INSTANT.test(value)) {
      const instant = Date.parse(value);
      // Date.parse rolls 2026-02-30 over to March; the date part must be a real date.
      if (!Number.isNaN(instant) && isCalendarDate(value.slice(0, 10))) return new Date(instant);
    }
    throw new ApiException('VALIDATION_FAILED', `${field} must be a date (YYYY-MM-DD) or an ISO 8601 instant`, [
      { field, message: 'must be a date (YYYY-MM-DD) or an ISO 8601 instant with its offset' },
    ]);
  }
}
