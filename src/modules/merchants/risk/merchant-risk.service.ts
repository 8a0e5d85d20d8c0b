import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MerchantPrincipal } from '../../../platform/auth/principal';
import { Clock } from '../../../platform/clock/clock';
import { sqlStatements } from '../../../platform/database/sql-query';
import { toMinorUnits } from '../../../platform/database/minor-units.transformer';
import { executorOn, run } from '../../../platform/database/statement-executor';
import { ApiException } from '../../../platform/http/api-error';
import { toRiskProfile } from '../onboarding/dto/merchant-terms-response.dto';
import type { MerchantPricingVersion } from '../onboarding/merchant-terms.entities';
import { MerchantRepository } from '../onboarding/merchant.repository';
import { MerchantError } from '../onboarding/onboarding.errors';
import {
  KPI_MAX_DAYS,
  MerchantRiskKpiDayDto,
  MerchantRiskProfileViewDto,
  MerchantVelocityLimitDto,
  MerchantVelocityLimitsResponseDto,
} from './dto/merchant-risk.dto';
import * as velocity from './sql/velocity.queries';
import { bucketReleaseAt, remainingOf, windowStart } from './velocity-rules';

const SQL = sqlStatements('merchants', velocity);
const DAY_MS = 86_400_000;
/** The currency of the daily figures when the caller names none and no pricing is in force. */
const DEFAULT_CURRENCY = 'NGN';

/** The mode a caller reads: an API key's own; a person of the team sees live. */
export function modeOf(principal: MerchantPrincipal): boolean {
  return principal.kind === 'merchant-api-key' ? principal.livemode : true;
}

/**
 * What a merchant reads of its own risk: the profile operations set, the headroom left under each
 * velocity cap, and daily figures. Headroom and figures come from the velocity buckets
 * (`MerchantVelocity` counts every admitted payment there, in its mode).
 */
@Injectable()
export class MerchantRiskService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly merchants: MerchantRepository,
    private readonly clock: Clock,
  ) {}

  async profile(principal: MerchantPrincipal): Promise<MerchantRiskProfileViewDto> {
    const manager = this.dataSource.manager;
    const merchant = await this.merchants.findById(manager, principal.merchantId);
    if (!merchant) throw MerchantError.notFound();
    const [caps, pricing] = await Promise.all([
      this.merchants.velocityCaps(manager, merchant.id),
      this.pricingInForce(merchant.id),
    ]);
    return {
      ...toRiskProfile(merchant, caps),
      reservePolicy: pricing && {
        reserveBps: pricing.reserveBps,
        reserveHoldDays: pricing.reserveHoldDays,
        effectiveAt: pricing.effectiveAt.toISOString(),
      },
      livemode: modeOf(principal),
    };
  }

  async limits(principal: MerchantPrincipal): Promise<MerchantVelocityLimitsResponseDto> {
    const now = this.clock.now();
    const livemode = modeOf(principal);
    const manager = this.dataSource.manager;
    const caps = await this.merchants.velocityCaps(manager, principal.merchantId);
    const currencies = [...new Set(caps.filter((cap) => cap.scope === 'MERCHANT').map((cap) => cap.currency))];
    const usage =
      currencies.length === 0
        ? []
        : await run(executorOn(manager), SQL.merchantWindowUsage, {
            merchantId: principal.merchantId,
            livemode,
            currencies,
            hourFrom: windowStart(now, 'HOUR'),
            dayFrom: windowStart(now, 'DAY'),
          });
    return {
      asOf: now.toISOString(),
      livemode,
      caps: caps.map((cap): MerchantVelocityLimitDto => {
        const base = {
          scope: cap.scope,
          window: cap.window,
          currency: cap.currency,
          maxCount: cap.maxCount,
          maxAmount: cap.maxAmount,
        };
        if (cap.scope === 'CUSTOMER') {
          return {
            ...base,
            usedCount: null,
            usedAmount: null,
            remainingCount: null,
            remainingAmount: null,
            nextReleaseAt: null,
          };
        }
        const row = usage.find((candidate) => candidate.currency === cap.currency);
        const hour = cap.window === 'HOUR';
        const used = {
          count: row ? (hour ? row.hour_count : row.day_count) : 0,
          amount: BigInt(row ? (hour ? row.hour_amount : row.day_amount) : '0'),
        };
        const oldest = row ? (hour ? row.hour_oldest : row.day_oldest) : null;
        const remaining = remainingOf(
          { maxCount: cap.maxCount, maxAmount: cap.maxAmount === null ? null : BigInt(cap.maxAmount) },
          used,
        );
        return {
          ...base,
          usedCount: used.count,
          usedAmount: toMinorUnits(used.amount.toString()),
          remainingCount: remaining.remainingCount,
          remainingAmount:
            remaining.remainingAmount === null ? null : toMinorUnits(remaining.remainingAmount.toString()),
          nextReleaseAt: oldest ? bucketReleaseAt(oldest, cap.window).toISOString() : null,
        };
      }),
    };
  }

  /** `range` `Nd`, N from 1 to 90: the last N UTC days, oldest first, today included, zero-filled. */
  async kpis(principal: MerchantPrincipal, range: string, currency?: string): Promise<MerchantRiskKpiDayDto[]> {
    const days = Number(range.slice(0, -1));
    if (!Number.isInteger(days) || days < 1 || days > KPI_MAX_DAYS) {
      const message = `range must be 1d to ${KPI_MAX_DAYS}d`;
      throw new ApiException('VALIDATION_FAILED', message, [{ field: 'range', message }]);
    }
    const now = this.clock.now();
    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    const from = new Date(today - (days - 1) * DAY_MS);
    const to = new Date(today + DAY_MS);
    const counted = currency ?? (await this.pricingInForce(principal.merchantId))?.feeCurrency ?? DEFAULT_CURRENCY;
    const rows = await run(executorOn(this.dataSource.manager), SQL.dailyFigures, {
      merchantId: principal.merchantId,
      livemode: modeOf(principal),
      currency: counted,
      from,
      to,
    });
    const byDate = new Map(rows.map((row) => [row.date, row]));
    return Array.from({ length: days }, (_, index): MerchantRiskKpiDayDto => {
      const date = new Date(from.getTime() + index * DAY_MS).toISOString().slice(0, 10);
      const row = byDate.get(date);
      const count = row?.payment_count ?? 0;
      const volume = BigInt(row?.volume ?? '0');
      const average = count === 0 ? 0n : (volume * 2n + BigInt(count)) / (2n * BigInt(count));
      return {
        date,
        currency: counted,
        paymentCount: count,
        volume: toMinorUnits(volume.toString()),
        averageTicket: toMinorUnits(average.toString()),
        refundRateBps: null,
        disputeRateBps: null,
      };
    });
  }

  /** The newest pricing version whose `effectiveAt` has come, or null. */
  private async pricingInForce(merchantId: string): Promise<MerchantPricingVersion | null> {
    const now = this.clock.now();
    const versions = await this.merchants.pricingVersions(this.dataSource.manager, [merchantId]);
    return versions.find((version) => version.effectiveAt <= now) ?? null;
  }
}
